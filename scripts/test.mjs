// `npm test`: every suite, on to the next when one fails; exits non-zero if any failed.
// Usage: node scripts/test.mjs [--dry-run] [--lanes] [suite ...] [-- vitest arguments]
// (all suites by default; `npm test -- web -- src/ui` runs the web suite's files under src/ui).
//
// The suites run one after another, their output as it comes. With --lanes they run in two lanes
// side by side, each lane's suites one after another, a lane's output held and printed when its
// suite ends: Vitest gives a suite one worker per core but one, so a machine with cores to spare
// finishes sooner. On two cores it does not: the suites are bound by the CPU and each took about
// twice as long beside the other (the CI run was no shorter), so one lane is the default.
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

// Lanes balanced by their suites' times (docs/decisions.md, "CI time"): the server on PGlite
// then e2e, beside contracts, web and the server on PostgreSQL. No two suites of a run share a
// database, a port or a directory.
const SUITES = [
  { name: 'contracts', workspace: '@agora/contracts', lane: 1 },
  { name: 'server-pglite', workspace: '@agora/server', env: withoutServices, lane: 0 },
  { name: 'web', workspace: '@agora/web', lane: 1 },
  {
    name: 'server-postgres',
    workspace: '@agora/server',
    postgres: true,
    skip: !postgresUrl && 'TEST_POSTGRES_URL unset',
    lane: 1,
  },
  { name: 'e2e', workspace: '@agora/e2e', env: withoutServices, build: !env.TEST_SKIP_BUILD, lane: 0 },
];

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const args = separator === -1 ? argv : argv.slice(0, separator);
const vitestExtra = separator === -1 ? [] : argv.slice(separator + 1);
const dryRun = args.includes('--dry-run');
const serial = !args.includes('--lanes');
const asked = args.filter((a) => a !== '--dry-run' && a !== '--lanes');
const unknown = asked.filter((a) => !SUITES.some((s) => s.name === a));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; the suites: ${SUITES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = SUITES.filter((s) => asked.length === 0 || asked.includes(s.name));

// Ctrl-C reaches the running suites as well; a SIGTERM is passed on to them. Either way this
// process waits for them to end, drops their databases, and runs no further suite.
let interrupted = false;
const running = new Set();
process.on('SIGINT', () => (interrupted = true));
process.on('SIGTERM', () => {
  interrupted = true;
  for (const child of running) child.kill('SIGTERM');
});

/** Where a suite's lines go: straight through, or held (when lanes run side by side). */
function output(held) {
  if (!held) return { stdio: 'inherit', log: (line) => console.log(line), error: (line) => console.error(line) };
  let text = '';
  return {
    stdio: ['ignore', 'pipe', 'pipe'],
    log: (line) => (text += `${line}\n`),
    error: (line) => (text += `${line}\n`),
    add: (chunk) => (text += chunk),
    flush: () => process.stdout.write(text),
  };
}

function run(out, command, commandArgs, extraEnv = {}) {
  const childEnv = { ...env };
  for (const [key, value] of Object.entries(extraEnv)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  // Held output keeps the colours a terminal would show.
  if (out.add && process.stdout.isTTY && !('NO_COLOR' in childEnv)) childEnv.FORCE_COLOR ??= '1';
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env: childEnv, stdio: out.stdio });
    running.add(child);
    child.stdout?.on('data', (chunk) => out.add(chunk));
    child.stderr?.on('data', (chunk) => out.add(chunk));
    child.once('error', (error) => {
      out.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
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

async function runSuite(suite, out) {
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
  out.log(`\n=== ${suite.name}${dryRun ? `: ${plan.join('; ')}` : ''}`);
  if (dryRun) return true;
  if (report) fs.rmSync(report, { force: true });

  if (suite.build && (await run(out, 'npm', ['run', 'build'])) !== 0) {
    if (report) reportMissing(report, 'the build failed');
    return false;
  }
  let database = null;
  let suiteEnv = suite.env ?? {};
  if (suite.postgres) {
    try {
      database = await createDatabase();
    } catch (error) {
      out.error(`no database on TEST_POSTGRES_URL: ${error.message}`);
      if (report) reportMissing(report, 'no database could be created');
      return false;
    }
    suiteEnv = { DATABASE_URL: database.url, REDIS_URL: redisUrl ?? undefined };
  }
  let code;
  try {
    code = await run(out, 'npm', vitestArgs, suiteEnv);
  } finally {
    await database?.drop().catch((error) => out.error(`dropping the suite's database: ${error.message}`));
  }
  if (code !== 0 && report) reportMissing(report, `vitest exited with ${code}`);
  return code === 0;
}

if (reportsDir && !dryRun) fs.mkdirSync(reportsDir, { recursive: true });
const failed = [];
const skipped = [];
const took = [];
const toRun = [];
for (const suite of chosen) {
  if (suite.skip && asked.includes(suite.name)) {
    console.error(`\n=== ${suite.name}: cannot run, ${suite.skip}`);
    failed.push(suite.name);
  } else if (suite.skip) skipped.push(`${suite.name} (${suite.skip})`);
  else toRun.push(suite);
}
const lanes = serial ? [toRun] : [0, 1].map((lane) => toRun.filter((s) => s.lane === lane)).filter((l) => l.length > 0);
const held = lanes.length > 1 && !dryRun;
if (held)
  console.log(`\n${lanes.map((l) => l.map((s) => s.name).join(', ')).join('  |  ')}: each suite's output when it ends`);

async function runLane(suites) {
  for (const suite of suites) {
    if (interrupted) break;
    const out = output(held);
    const started = Date.now();
    const passed = await runSuite(suite, out);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (!passed) failed.push(suite.name);
    if (!dryRun) took.push(`${suite.name} ${seconds} s`);
    if (held) {
      out.log(`=== ${suite.name}: ${passed ? 'passed' : 'failed'} in ${seconds} s`);
      out.flush();
    }
  }
}
if (dryRun) {
  for (const [i, lane] of lanes.entries()) {
    if (lanes.length > 1) console.log(`\n--- lane ${i + 1} of ${lanes.length}, beside the other`);
    await runLane(lane);
  }
} else await Promise.all(lanes.map(runLane));

console.log('');
if (took.length > 0) console.log(`took: ${took.join(', ')}`);
if (skipped.length > 0) console.log(`not run: ${skipped.join(', ')}`);
if (interrupted) console.log('interrupted');
console.log(failed.length > 0 ? `failed: ${failed.join(', ')}` : dryRun ? 'dry run' : 'every suite passed');
process.exit(interrupted ? 130 : failed.length > 0 ? 1 : 0);
