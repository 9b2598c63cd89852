// `npm test`: every suite, one after another, on to the next when one fails; exits non-zero
// if any failed. Usage: node scripts/test.mjs [--dry-run] [suite ...] [-- vitest arguments]
// (all suites by default; `npm test -- web -- src/ui` runs the web suite's files under src/ui).
//
//   TEST_POSTGRES_URL  PostgreSQL to run the server suite on once more, after PGlite: a database
//                      of this run is created through this URL and dropped afterwards
//   TEST_REDIS_URL     Redis for that run (rate limits, real-time rooms across processes)
//   TEST_REPORTS_DIR   where each suite writes its Vitest JSON report, <suite>.json
//   TEST_SKIP_BUILD    set: e2e runs on the build that is there instead of building first
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const reportsDir = env.TEST_REPORTS_DIR ? path.resolve(env.TEST_REPORTS_DIR) : null;
const postgresUrl = env.TEST_POSTGRES_URL || null;
const redisUrl = env.TEST_REDIS_URL || null;

// The server suite on PGlite is the server suite of `npm test`, whatever the shell's database.
const withoutServices = { DATABASE_URL: undefined, REDIS_URL: undefined };

const SUITES = [
  { name: 'contracts', workspace: '@agora/contracts' },
  { name: 'server-pglite', workspace: '@agora/server', env: withoutServices },
  { name: 'web', workspace: '@agora/web' },
  {
    name: 'server-postgres',
    workspace: '@agora/server',
    postgres: true,
    skip: !postgresUrl && 'TEST_POSTGRES_URL unset',
  },
  { name: 'e2e', workspace: '@agora/e2e', env: withoutServices, build: !env.TEST_SKIP_BUILD },
];

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const args = separator === -1 ? argv : argv.slice(0, separator);
const vitestExtra = separator === -1 ? [] : argv.slice(separator + 1);
const dryRun = args.includes('--dry-run');
const asked = args.filter((a) => a !== '--dry-run');
const unknown = asked.filter((a) => !SUITES.some((s) => s.name === a));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; the suites: ${SUITES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = SUITES.filter((s) => asked.length === 0 || asked.includes(s.name));

// Ctrl-C reaches the running suite as well; a SIGTERM is passed on to it. Either way this
// process waits for the suite to end, drops its database, and runs no further suite.
let interrupted = false;
let running = null;
process.on('SIGINT', () => (interrupted = true));
process.on('SIGTERM', () => {
  interrupted = true;
  running?.kill('SIGTERM');
});

function run(command, commandArgs, extraEnv = {}) {
  const childEnv = { ...env };
  for (const [key, value] of Object.entries(extraEnv)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env: childEnv, stdio: 'inherit' });
    running = child;
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      running = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A database of this run on TEST_POSTGRES_URL's server; not named agora_test_*, which the suite sweeps. */
async function createDatabase() {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const name = `agora_run_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A suite that failed before its report was written still counts, as one failed test file. */
function reportMissing(report, reason) {
  if (fs.existsSync(report)) return;
  fs.writeFileSync(
    report,
    `${JSON.stringify({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numRuntimeErrorTestSuites: 1, success: false, reason })}\n`,
  );
}

async function runSuite(suite) {
  const report = reportsDir ? path.join(reportsDir, `${suite.name}.json`) : null;
  const vitestArgs = ['exec', '-w', suite.workspace, '--', 'vitest', 'run'];
  if (report) vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  vitestArgs.push(...vitestExtra);
  const plan = [
    ...(suite.build ? ['npm run build'] : []),
    ...(suite.postgres ? ['create a database on TEST_POSTGRES_URL'] : []),
    `${suite.postgres ? `DATABASE_URL=<it>${redisUrl ? ' REDIS_URL=$TEST_REDIS_URL' : ''} ` : ''}npm ${vitestArgs.join(' ')}`,
    ...(suite.postgres ? ['drop the database'] : []),
  ];
  console.log(`\n=== ${suite.name}${dryRun ? `: ${plan.join('; ')}` : ''}`);
  if (dryRun) return true;
  if (report) fs.rmSync(report, { force: true });

  if (suite.build && (await run('npm', ['run', 'build'])) !== 0) {
    if (report) reportMissing(report, 'the build failed');
    return false;
  }
  let database = null;
  let suiteEnv = suite.env ?? {};
  if (suite.postgres) {
    try {
      database = await createDatabase();
    } catch (error) {
      console.error(`no database on TEST_POSTGRES_URL: ${error.message}`);
      if (report) reportMissing(report, 'no database could be created');
      return false;
    }
    suiteEnv = { DATABASE_URL: database.url, REDIS_URL: redisUrl ?? undefined };
  }
  let code;
  try {
    code = await run('npm', vitestArgs, suiteEnv);
  } finally {
    await database?.drop().catch((error) => console.error(`dropping the suite's database: ${error.message}`));
  }
  if (code !== 0 && report) reportMissing(report, `vitest exited with ${code}`);
  return code === 0;
}

if (reportsDir && !dryRun) fs.mkdirSync(reportsDir, { recursive: true });
const failed = [];
const skipped = [];
for (const suite of chosen) {
  if (interrupted) break;
  if (suite.skip && asked.includes(suite.name)) {
    console.error(`\n=== ${suite.name}: cannot run, ${suite.skip}`);
    failed.push(suite.name);
    continue;
  }
  if (suite.skip) {
    skipped.push(`${suite.name} (${suite.skip})`);
    continue;
  }
  if (!(await runSuite(suite))) failed.push(suite.name);
}

console.log('');
if (skipped.length > 0) console.log(`not run: ${skipped.join(', ')}`);
if (interrupted) console.log('interrupted');
console.log(failed.length > 0 ? `failed: ${failed.join(', ')}` : dryRun ? 'dry run' : 'every suite passed');
process.exit(interrupted ? 130 : failed.length > 0 ? 1 : 0);
