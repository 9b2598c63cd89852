// Bundles the server into dist/main.js. npm packages stay external (installed by npm ci); the
// workspace's own TypeScript packages are bundled in, as Node cannot run TypeScript itself.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@agora/'));

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
