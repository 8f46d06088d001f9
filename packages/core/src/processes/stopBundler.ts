/**
 * Stopping esbuild's service, the child process its API starts, at the end of a command. Here and
 * not with the bundles (bundle/): the command line loads it for every command, through
 * `@docgen/core/process`, `docgen --help` too, which does not load the build.
 */
import { listChildProcesses, waitForChildrenToEnd } from './children.js';

/**
 * Stops esbuild's service (the process its API starts at the first bundle) and waits, at most a
 * second, until it has ended. esbuild leaves its process to end by itself once docgen's has (its
 * input closes): its CPU time was then nobody's, missing from what `time docgen build` reports (about
 * a second of a cold build's CPU at 2,000 pages). Ended while docgen waits, it is docgen's.
 */
export async function stopBundler(): Promise<void> {
  const services = listChildProcesses().filter((child) => / --service=\S+ --ping\b/.test(child.command));
  if (services.length === 0) return;
  await (await import('esbuild')).stop();
  await waitForChildrenToEnd(
    services.map((service) => service.pid),
    1000,
  );
}
