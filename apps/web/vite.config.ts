/// <reference types="vitest/config" />
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

const OWN_MODULE = /[\\/](apps[\\/]web|packages[\\/]contracts)[\\/]src[\\/]/;
/** Of our own modules, these run for their side effects: the entry, i18next's set-up, zod's configuration, styles. */
const SIDE_EFFECTS = /([\\/]web[\\/]src[\\/](main\.tsx|i18n[\\/]index\.ts)|[\\/]contracts[\\/]src[\\/]zod\.ts|\.css)$/;

const TESTS = /\.test\.tsx?$/;
/**
 * Replacing modules or globals for a file: such a file gets fresh modules of its own, as does one
 * that says so in a comment starting `// Own modules:` with the reason.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|^\/\/ Own modules:/m;

/**
 * The test files that replace modules or globals. The others share their worker's modules (React,
 * Mantine, i18next, the app's modules imported once instead of once per file: half the suite's
 * CPU); each still renders into a DOM cleaned after every test with a fresh query cache.
 */
function filesReplacingModules(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesReplacingModules(file);
    return TESTS.test(entry.name) && REPLACES_MODULES.test(fs.readFileSync(file, 'utf8')) ? [file] : [];
  });
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Page routes and API routes share paths: everything that is not a page load or one of
    // Vite's own files goes to the server.
    proxy: {
      // The live connection, with its WebSocket upgrade.
      '/socket.io': { target: api, ws: true },
      '^/(?!@|src/|node_modules/|favicon|socket\\.io).*': {
        target: api,
        // Only a page load (GET); a form post that asks for HTML too (the zip archive) is the server's.
        bypass: (req) =>
          req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1000,
    // Read by scripts/bundle-budget.mjs: which chunks the entry imports, which load later.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs, in one chunk with the entry: by default it came in some 80
          // chunks, cut where lazy chunks share parts of it, each gzipped on its own (23 kB more than
          // one file) and fetched six at a time over HTTP/1.1. Lazy chunks import from it. Only the
          // modules the entry really imports: with their dependencies included recursively, the
          // modules a feature's index.ts re-exports for its pages would come along (zod among them).
          groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
      treeshake: {
        // The rest of our modules define components, hooks, queries and schemas: one none of whose
        // exports a chunk uses stays out of it, even where a feature's index.ts re-exports it.
        moduleSideEffects: (id) => (OWN_MODULE.test(id) ? SIDE_EFFECTS.test(id) : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    // jsdom runs in its worker's one thread: at least two workers, so that both cores of a
    // two-core machine are busy (Vitest's default leaves one idle there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['./src/testing/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: filesReplacingModules(),
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-own-modules', include: filesReplacingModules() } },
    ],
  },
});
