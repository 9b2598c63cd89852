import type { TestProject } from 'vitest/node';
import type { DemoTemplate } from '@agora/server/e2e-support';
import { DEMO_SERVER_ENV } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded demo database each file's in-process server copies. */
    demoTemplate: DemoTemplate;
  }
}

/**
 * The demo network is made once per run (an embedded PostgreSQL, migrated and seeded: most of a
 * file's former start-up time); each file's server starts on a copy of it.
 */
export default async function setup(project: TestProject) {
  const { createDemoTemplate } = await import('@agora/server/e2e-support');
  const { template, stop } = await createDemoTemplate({
    ...DEMO_SERVER_ENV,
    PORT: '0',
    PUBLIC_URL: 'http://localhost',
  });
  project.provide('demoTemplate', template);
  return stop;
}
