/**
 * A thread that lists a folder (see listFilesOnThread): its workerData is the folder, its one
 * message the files, or an error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { listFiles } from './listFiles.js';

try {
  parentPort!.postMessage({ files: listFiles(workerData as string) });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error)?.message ?? String(error) });
}
