/** One stage of a build and how far it is, as the core reports it (see BuildProgress). */
export interface StageProgress {
  stage: string;
  done: number;
  total: number;
}

/** Redraws at most this often, in milliseconds (a new stage is drawn at once). */
const REDRAW_MS = 80;

/**
 * The one updating line a build shows on a terminal: `compiling 812/2000`, `rendering 1450/4100`,
 * `search 3/8`, `seo`. Each draw replaces the last (carriage return, erase line); `clear` erases it
 * before anything else is printed. Draws are throttled; the first of a stage is never skipped.
 */
export function createProgressLine(write: (text: string) => void, now: () => number = () => performance.now()) {
  let shown = false;
  let lastStage: string | undefined;
  let lastAt = -Infinity;
  return {
    update(progress: StageProgress): void {
      const at = now();
      if (progress.stage === lastStage && at - lastAt < REDRAW_MS && progress.done < progress.total) return;
      lastStage = progress.stage;
      lastAt = at;
      write(`\r\x1b[2K${formatProgress(progress)}`);
      shown = true;
    },
    clear(): void {
      if (shown) write('\r\x1b[2K');
      shown = false;
      lastStage = undefined;
    },
  };
}

export function formatProgress({ stage, done, total }: StageProgress): string {
  return stage === 'seo' ? 'seo: sitemap, feeds, llms.txt' : `${stage} ${done}/${total}`;
}
