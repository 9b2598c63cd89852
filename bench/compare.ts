// npm run bench:compare -- <old.json> <new.json> [--threshold 10] [--all]
// Compares two bench results (full reports from bench/results/ or summaries from
// bench/results/summaries/): for each figure both values and new/old, marking with "WORSE" those
// that got worse by more than the threshold (in %) and with "better" those that improved as much;
// whether more is better is read from the figure's name (req/s, ratios and members held up;
// milliseconds, memory, CPU and errors down). Without --all only the figures that changed beyond
// the threshold are listed. Exits with 1 when a figure got worse, so a script can stop on it.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { direction, figuresOf } from './results.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { threshold: { type: 'string', default: '10' }, all: { type: 'boolean', default: false } },
});
const threshold = Number(values.threshold) / 100;
if (positionals.length !== 2 || !(threshold >= 0)) {
  console.error('usage: npm run bench:compare -- <old.json> <new.json> [--threshold 10] [--all]');
  process.exit(2);
}
const [oldFile, newFile] = positionals as [string, string];
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const oldReport = read(oldFile);
const newReport = read(newFile);
const before = figuresOf(oldReport);
const after = figuresOf(newReport);

const label = (r: Record<string, unknown>, file: string) =>
  `${typeof r.commit === 'string' ? r.commit : file} (${typeof r.date === 'string' ? r.date.slice(0, 16) : '?'})`;
console.log(`old: ${label(oldReport, oldFile)}\nnew: ${label(newReport, newFile)}`);
const conditions = (r: Record<string, unknown>) => (r.conditions ?? {}) as Record<string, unknown>;
for (const key of ['cpus', 'cpuModel', 'database', 'loadAverage', 'node']) {
  const a = conditions(oldReport)[key];
  const b = conditions(newReport)[key];
  if (a !== undefined && b !== undefined && a !== b) console.log(`  ${key} differs: ${String(a)} / ${String(b)}`);
}

const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((n) => n in before && n in after);
const rows: string[][] = [];
let worse = 0;
let better = 0;
for (const name of names) {
  const a = before[name]!;
  const b = after[name]!;
  const ratio = a === 0 ? (b === 0 ? 1 : Number.POSITIVE_INFINITY) : b / a;
  const change = direction(name) * (ratio - 1);
  const mark = change < -threshold ? 'WORSE' : change > threshold ? 'better' : '';
  if (mark === 'WORSE') worse += 1;
  if (mark === 'better') better += 1;
  if (values.all || mark)
    rows.push([name, format(a), format(b), Number.isFinite(ratio) ? ratio.toFixed(3) : 'new', mark]);
}
const width = Math.max(6, ...rows.map((r) => r[0]!.length));
console.log(`${'figure'.padEnd(width)}  ${'old'.padStart(12)}  ${'new'.padStart(12)}  new/old`);
for (const [name, a, b, ratio, mark] of rows)
  console.log(`${name!.padEnd(width)}  ${a!.padStart(12)}  ${b!.padStart(12)}  ${ratio!.padStart(7)}  ${mark}`);
const onlyOne = Object.keys(before).length + Object.keys(after).length - 2 * names.length;
console.log(
  `\n${names.length} figures in both (${onlyOne} in one only), ${worse} worse and ${better} better by more than ` +
    `${(threshold * 100).toFixed(0)} %; figures of one run on a shared machine vary, so repeat before believing a change.`,
);
process.exit(worse > 0 ? 1 : 0);

function format(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3);
}
