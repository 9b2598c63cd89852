// Keeping the bench's results per commit. Every run writes results/latest.json (report.ts), a
// copy named by its date and commit (`git rev-parse --short HEAD`, `-dirty` when the work tree has
// changes), and a summary of its figures in results/summaries/<commit>.json: one number per
// figure, small enough to be committed with the change it measured, so that the next change
// compares with it (compare.ts). The full reports stay out of git (.gitignore).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type Summary = {
  commit: string;
  date: string;
  /** The machine and the run: figures of different machines are not comparable. */
  conditions: Record<string, unknown>;
  /** Every number of the report, by its path ("scenarios.GET /healthz.requestsPerSecond"). */
  figures: Record<string, number>;
};

/** `git rev-parse --short HEAD`, with `-dirty` when tracked files changed; 'unknown' outside git. */
export function commitName(cwd: string): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' });
    return changes.trim() ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * Adds the groups' figures that report.ts does not know to `latestFile`, then writes the dated
 * copy and the summary beside it; answers the files written.
 */
export function keepResults(latestFile: string, more: Record<string, unknown>): string[] {
  const dir = path.dirname(latestFile);
  const report = JSON.parse(fs.readFileSync(latestFile, 'utf8')) as Record<string, unknown>;
  for (const [key, value] of Object.entries(more)) if (value !== null && value !== undefined) report[key] = value;
  const commit = commitName(dir);
  const date = typeof report.date === 'string' ? report.date : new Date().toISOString();
  report.commit = commit;
  fs.writeFileSync(latestFile, JSON.stringify(report, null, 2) + '\n');
  const dated = path.join(dir, `${date.slice(0, 19).replace(/:/g, '-')}-${commit}.json`);
  fs.copyFileSync(latestFile, dated);
  const summaryFile = path.join(dir, 'summaries', `${commit}.json`);
  fs.mkdirSync(path.dirname(summaryFile), { recursive: true });
  // A later run of the same commit adds its figures to the summary (another group, say).
  const previous = fs.existsSync(summaryFile)
    ? (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary).figures
    : {};
  const summary: Summary = {
    commit,
    date,
    conditions: (report.conditions as Record<string, unknown> | undefined) ?? {},
    figures: { ...previous, ...figuresOf(report) },
  };
  fs.writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
  return [dated, summaryFile];
}

/** Fields that name an entry of a list: they make its key instead of its position. */
const IDENTITY = ['name', 'scenario', 'database', 'processes', 'mode'];
/** Settings of the run, not figures. */
const SKIPPED = new Set(['conditions', 'date', 'commit']);

/** Every finite number of a report (or a summary's figures), by its path. */
export function figuresOf(report: Record<string, unknown>): Record<string, number> {
  if (report.figures && typeof report.figures === 'object' && 'commit' in report)
    return report.figures as Record<string, number>;
  const out: Record<string, number> = {};
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const named =
          item && typeof item === 'object'
            ? IDENTITY.map((f) => (item as Record<string, unknown>)[f])
                .filter((v) => typeof v === 'string' || typeof v === 'number')
                .join(' ')
            : '';
        walk(item, `${key}[${named || i}]`);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (key === '' && SKIPPED.has(k)) continue;
        walk(v, key ? `${key}.${k}` : k);
      }
    }
  };
  walk(report, '');
  return out;
}

/** Whether more of a figure is better (+1), worse (-1), or neither is known (0), from its name. */
export function direction(figure: string): 1 | -1 | 0 {
  const last = (figure.split('.').at(-1) ?? figure).toLowerCase();
  if (/persecond|rps|ratio|held|throughput|delivered$/.test(last)) return 1;
  if (/ms$|latency|p50|p99|mb$|bytes|cpu|seconds$|errors|non2xx|undelivered|failed|unanswered|refused/.test(last))
    return -1;
  return 0;
}
