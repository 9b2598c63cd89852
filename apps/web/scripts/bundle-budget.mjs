#!/usr/bin/env node
/**
 * The web app's JavaScript budget, checked after every build (`npm run build -w @agora/web`).
 *
 * The initial JavaScript is what a first visit downloads before the app can render: the entry
 * chunk and every chunk it imports statically (the modulepreload links of index.html), gzipped.
 * Every other chunk loads when a page or component needs it; each of them has a budget of its own,
 * so one heavy library cannot slip into a page unnoticed. Exits non-zero when a budget is passed,
 * which fails the build and so CI.
 *
 * Usage: node scripts/bundle-budget.mjs [distDir] [--json]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * Gzipped kilobytes (1 kB = 1,000 bytes, as Vite prints them). The initial budget is what the app
 * needs today with a little room: lower it when the app gets smaller, never raise it to let a
 * change through (docs/decisions.md says what bounds it). The largest lazy chunk is the rich-text
 * editor (Tiptap with ProseMirror and the code highlighting), loaded only where a form has one.
 */
export const BUDGET = { initialKb: 250, lazyChunkKb: 170 };

const args = process.argv.slice(2);
const json = args.includes('--json');
const distDir = resolve(
  args.find((arg) => !arg.startsWith('--')) ?? join(fileURLToPath(import.meta.url), '../../dist'),
);

/** Reads the Vite manifest of a build and returns its JavaScript figures. */
export function measure(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const gzipped = new Map();
  const size = (file) => {
    if (!gzipped.has(file)) {
      const bytes = readFileSync(join(dir, file));
      gzipped.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliCompressSync(bytes).length });
    }
    return gzipped.get(file);
  };

  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const initial = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key] of entries) visit(key);

  const chunks = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, initial: initial.has(chunk.file), ...size(chunk.file) }));
  const unique = [...new Map(chunks.map((chunk) => [chunk.file, chunk])).values()].sort((a, b) => b.gzip - a.gzip);
  const initialChunks = unique.filter((chunk) => chunk.initial);
  const lazyChunks = unique.filter((chunk) => !chunk.initial);
  const sum = (list, field) => list.reduce((total, chunk) => total + chunk[field], 0);
  return {
    initial: {
      chunks: initialChunks.length,
      raw: sum(initialChunks, 'raw'),
      gzip: sum(initialChunks, 'gzip'),
      brotli: sum(initialChunks, 'brotli'),
    },
    largestInitial: initialChunks.slice(0, 5),
    largestLazy: lazyChunks.slice(0, 8),
    lazyChunks: lazyChunks.length,
  };
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

function main() {
  const figures = measure(distDir);
  const overInitial = figures.initial.gzip > BUDGET.initialKb * 1000;
  const overLazy = figures.largestLazy.filter((chunk) => chunk.gzip > BUDGET.lazyChunkKb * 1000);
  if (json) {
    console.log(JSON.stringify({ budget: BUDGET, ...figures }, null, 2));
  } else {
    console.log(
      `initial JavaScript: ${kb(figures.initial.gzip)} kB gzipped (${kb(figures.initial.brotli)} kB brotli, ` +
        `${kb(figures.initial.raw)} kB raw, ${figures.initial.chunks} chunks); budget ${BUDGET.initialKb} kB gzipped`,
    );
    for (const chunk of figures.largestInitial)
      console.log(`  initial ${kb(chunk.gzip).padStart(7)} kB  ${chunk.file}`);
    console.log(`lazy chunks: ${figures.lazyChunks}; budget ${BUDGET.lazyChunkKb} kB gzipped each`);
    for (const chunk of figures.largestLazy) console.log(`  lazy    ${kb(chunk.gzip).padStart(7)} kB  ${chunk.file}`);
  }
  if (overInitial) console.error(`The initial JavaScript passes its budget of ${BUDGET.initialKb} kB gzipped.`);
  for (const chunk of overLazy) {
    console.error(`${chunk.file} passes the budget of ${BUDGET.lazyChunkKb} kB gzipped for a lazy chunk.`);
  }
  if (overInitial || overLazy.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
