import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Metric } from './report.js';
import type { ShapeName } from './siteShape.js';

/** The JSON results of a shape at a size: `<resultsDir>/bench-<shape>-<pages>.json`. */
export function getResultsFile(resultsDir: string, shape: ShapeName, pages: number): string {
  return join(resultsDir, `bench-${shape}-${pages}.json`);
}

/** The metrics as the JSON results store them: a value or the median/min/max/samples, and the budget's verdict (null: not judged). */
export function toJsonMetrics(metrics: Metric[]): object[] {
  return metrics.map(({ id, label, unit, value, budget, note }) => ({
    id,
    label,
    unit,
    ...(typeof value === 'number' ? { value } : value),
    budget: budget ? { text: budget.text, pass: budget.pass ?? null } : null,
    note: note ?? null,
  }));
}

/** Writes `results` as JSON into `file` (creating its folder). */
export function writeResults(file: string, results: object): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** The median of metric `id` in the JSON results `file`, or undefined when the file or the metric is missing. */
export function readMetricMedian(file: string, id: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const { metrics } = JSON.parse(readFileSync(file, 'utf8')) as { metrics?: { id: string; median?: number; value?: number }[] };
  const metric = metrics?.find((entry) => entry.id === id);
  return metric?.median ?? metric?.value;
}

/** The machine a run measured on, for the JSON results: figures compare only on one machine. */
export function getMachine(): object {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryBytes: totalmem(),
  };
}
