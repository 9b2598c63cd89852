import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.test.ts'],
    // The seeded demo database, made once; each file's server starts on a copy.
    globalSetup: ['./support/global-setup.ts'],
    // One server and one browser per file; files run one after another on a two-core machine.
    fileParallelism: false,
    // The files run in one process that imports the server once; each still starts its own.
    isolate: false,
    testTimeout: 60_000,
    // What a test waits for (a page after signing in, a row that appears) may take more than
    // expect.poll's default second on a busy machine, as when e2e runs beside another suite.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
