#!/usr/bin/env node
/**
 * Writes a gzip and a brotli copy beside every compressible file of the built web app (scripts,
 * styles, SVG, JSON), so the server sends them compressed without compressing on each request
 * (@fastify/static's preCompressed). Run after `vite build`; the hashed names never change.
 *
 * Usage: node scripts/compress-assets.mjs [distDir]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
/** Below this a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

const distDir = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '../../dist'));

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(join(distDir, 'assets'))) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${file}.br`, brotli);
  count += 1;
  before += bytes.length;
  after += brotli.length;
}
console.log(`compressed ${count} assets: ${(before / 1e6).toFixed(2)} MB, ${(after / 1e6).toFixed(2)} MB with brotli`);
