import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that measure the process itself (its memory) run in a worker of their own.
const OWN_PROCESS = ['src/platform/storage/memory.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./src/testing/global-setup.ts'],
    pool: 'forks',
    // At least two workers, so that both cores of a two-core machine are busy: Vitest's default
    // leaves one for the rest, but on PGlite a worker is one thread, its database included, and
    // on PostgreSQL the database's processes took about a third of a core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // A worker runs file after file with the modules it imported once: importing the app
          // anew for each of some 160 files cost about half of the suite's time. Each file still
          // builds its own app on its own database (testing/index.ts), and module state is
          // per app, never per process.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server-own-process', include: OWN_PROCESS } },
    ],
  },
});
