/**
 * Entry of a build's worker thread: runs the tasks of `tasks.ts` that the pool sends, one message
 * at a time, and answers each with its result or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isDocgenError } from '../diagnostics/index.js';
import { guardThread } from './exitGuard.js';
import { createTaskRunner, type TaskSetup } from './tasks.js';
import type { WorkerRequest, WorkerResponse } from './pool.js';

// The site's code that calls process.exit fails its task rather than ending the thread.
guardThread();
const runner = createTaskRunner(workerData as TaskSetup);
const port = parentPort!;

port.on('message', async (request: WorkerRequest) => {
  try {
    const method = runner[request.method] as (...args: unknown[]) => unknown;
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
