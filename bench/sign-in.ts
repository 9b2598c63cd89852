// The sign-in group: signing in with the password alone and with the password and an
// authenticator code (two-factor), p50 and p99, the server in the benchmark's own process
// (src/seed/bench-sign-in.ts); on PGlite and, when reachable, on PostgreSQL. Both are bound by
// the password's argon2id hash, which is slow on purpose.
import { measureSignIn, postgresReachable, type SignInFigures } from '@agora/server/bench-support';

export type SignInReport = { runs: SignInFigures[]; failure: string | null };

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function runSignInBench(options: { requests: number }): Promise<SignInReport> {
  const runs: SignInFigures[] = [];
  try {
    runs.push(await measureSignIn(options));
    const url = process.env.DATABASE_URL || POSTGRES_URL;
    if (await postgresReachable(url)) runs.push(await measureSignIn({ ...options, databaseUrl: url }));
    return { runs, failure: null };
  } catch (error) {
    return { runs, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatSignInReport(report: SignInReport): string {
  const lines = ['## Signing in (the server in process; argon2-bound)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  lines.push('| database | sign-in | requests | p50 | p99 |', '| --- | --- | ---: | ---: | ---: |');
  for (const run of report.runs)
    for (const f of run.runs)
      lines.push(
        `| ${run.database} | ${f.name} | ${f.requests} | ${f.p50Ms.toFixed(1)} ms | ${f.p99Ms.toFixed(1)} ms |`,
      );
  lines.push(
    '',
    'Both are bound by the argon2id hash of the password (memory-hard on purpose); the code step adds a request, ' +
      'one AES-GCM decryption and a TOTP check of three time steps.',
  );
  return lines.join('\n');
}

// `npx tsx sign-in.ts [requests]` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runSignInBench({ requests: Number(process.argv[2] ?? 50) });
  console.log(formatSignInReport(report));
  process.exit(report.failure ? 1 : 0);
}
