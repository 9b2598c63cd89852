// npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 20]
// Summarises a V8 CPU profile (node --cpu-prof; the capacity group writes them with
// BENCH_CPU_PROFILE=<directory>): the share of the samples spent in each function itself, and
// by where the code lives (a package of node_modules, the server's own modules, Node's internals,
// garbage collection, idle).
import fs from 'node:fs';
import { parseArgs } from 'node:util';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; samples: number[]; startTime: number; endTime: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '20' } },
});
if (positionals.length !== 1) {
  console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 20]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(positionals[0]!, 'utf8')) as Profile;
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const count = hits.get(node.id) ?? 0;
  if (count === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(functionName, url);
  const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  byPlace.set(place, (byPlace.get(place) ?? 0) + count);
}

const seconds = (profile.endTime - profile.startTime) / 1e6;
console.log(`${total} samples over ${seconds.toFixed(1)} s`);
const show = (title: string, map: Map<string, number>, top: number) => {
  console.log(`\n${title}`);
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((count / total) * 100).toFixed(1).padStart(6)} %  ${name}`);
};
show('by place (self time)', byPlace, 25);
show('by function (self time)', byFunction, Number(values.top));

function placeOf(functionName: string, url: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  // The server's own code is bundled into one file: its functions tell its parts apart.
  return 'server (dist/main.js)';
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  return url.replace(/^file:\/\/.*\/(apps|bench)\//, '$1/');
}
