/**
 * Entry of a build's worker thread: runs the tasks of `tasks.ts` that the pool sends, one message
 * at a time, and answers each with its result or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isDocgenError } from '../diagnostics/index.js';
import { guardThread } from './exitGuard.js';
import { createTaskRunner, loadCompileModules, type TaskSetup } from './tasks.js';
import type { ThreadSetupMessage, WorkerRequest, WorkerResponse } from './pool.js';

// The site's code that calls process.exit fails its task rather than ending the thread.
guardThread();
// A thread started ahead of its build (see prestart.ts) gets its setup as its first message, and
// meanwhile loads what its first tasks, the build's compiles, run.
let runner = workerData === null ? undefined : createTaskRunner(workerData as TaskSetup);
if (!runner) void loadCompileModules().catch(() => {}); // A failure is reported by the first compile task.
const port = parentPort!;

port.on('message', async (request: WorkerRequest | ThreadSetupMessage) => {
  if ('setup' in request) {
    runner = createTaskRunner(request.setup);
    return;
  }
  try {
    const method = runner![request.method] as (...args: unknown[]) => unknown;
    const result = await method(...request.args);
    port.postMessage({ id: request.id, result } satisfies WorkerResponse);
  } catch (error) {
    port.postMessage({ id: request.id, error: toTransferableError(error) } satisfies WorkerResponse);
  }
});

function toTransferableError(error: unknown): NonNullable<WorkerResponse['error']> {
  const cause = error instanceof Error ? error : new Error(String(error));
  const innerCause = cause.cause instanceof Error ? { message: cause.cause.message, stack: cause.cause.stack } : undefined;
  return isDocgenError(cause)
    ? {
        message: cause.message,
        stack: cause.stack,
        docgen: { code: cause.code, location: cause.location, hint: cause.hint },
        cause: innerCause,
      }
    : { message: cause.message, stack: cause.stack, cause: innerCause, system: toSystemFields(cause) };
}

/** The fields of a system error (`fs` calls) that say what failed where. */
function toSystemFields(error: Error): NonNullable<WorkerResponse['error']>['system'] {
  const { code, syscall, path, dest } = error as NodeJS.ErrnoException & { dest?: string };
  return typeof code === 'string' ? { code, syscall, path, dest } : undefined;
}
