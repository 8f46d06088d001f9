/** The median, smallest and largest of a measurement's samples (in the samples' unit). */
export interface Summary {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

/** The summary of `samples` (at least one). */
export function summarize(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('No samples to summarize');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, samples };
}

/** Unit of a stored value: `kib` is KiB (peak RSS), `bytes` shows as KB/MB of 1000. */
export type Unit = 'ms' | 'bytes' | 'kib' | 'count' | 'ratio' | 'per-second';

/** A budget of a metric and its verdict at this run's size. */
export interface Budget {
  /** How the budget reads in the table, e.g. `≤ 80 KB`, with the sizes it is judged at when not all. */
  text: string;
  /** The verdict; undefined when the budget is not judged at this size (shown as `-`). */
  pass: boolean | undefined;
}

/** One row of the table and of the JSON results. */
export interface Metric {
  id: string;
  label: string;
  unit: Unit;
  /** Show milliseconds as seconds. */
  inSeconds?: boolean;
  /** A single value, or the median/min/max of the runs. */
  value: Summary | number;
  budget?: Budget;
  note?: string;
}

/** A value as the table shows it: `ms` as ms or s, `bytes` as KB or MB (of 1,000), `kib` as MiB. */
export function formatValue(value: number, unit: Unit, inSeconds = false): string {
  switch (unit) {
    case 'ms':
      return inSeconds ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 100 ? 1 : 0)} ms`;
    case 'bytes':
      return value >= 1e6 ? `${(value / 1e6).toFixed(1)} MB` : `${(value / 1e3).toFixed(1)} KB`;
    case 'kib':
      return `${(value / 1024).toFixed(0)} MiB`;
    case 'count':
      return `${value}`;
    case 'ratio':
      return `${value.toFixed(2)}x`;
    case 'per-second':
      return `${value.toFixed(0)} /s`;
  }
}

/** The table printed at the end: metric, median, min..max, budget, pass, FAIL or `-` (not judged at this size). */
export function formatTable(metrics: Metric[]): string {
  const rows = metrics.map((metric) => {
    const summary = typeof metric.value === 'number' ? undefined : metric.value;
    const format = (value: number) => formatValue(value, metric.unit, metric.inSeconds);
    const value = format(summary ? summary.median : (metric.value as number));
    const range = summary && summary.samples.length > 1 ? `${format(summary.min)} .. ${format(summary.max)}` : '';
    const mark = !metric.budget ? '' : metric.budget.pass === undefined ? '-' : metric.budget.pass ? 'pass' : 'FAIL';
    return [metric.label, value, range, metric.budget?.text ?? '', mark];
  });
  const header = ['metric', 'value (median)', 'min .. max', 'budget', 'result'];
  const widths = header.map((title, column) => Math.max(width(title), ...rows.map((row) => width(row[column]!))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column]! - width(cell)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Display width: Hangul and other wide characters take two columns. */
function width(text: string): number {
  let columns = 0;
  for (const char of text)
    columns += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return columns;
}
