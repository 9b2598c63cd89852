import * as OTPAuth from 'otpauth';
import { hashPassword } from '../platform/auth/passwords.ts';
import { openBenchApp } from './bench-app.ts';

export type SignInFigure = { name: string; requests: number; p50Ms: number; p99Ms: number };
export type SignInFigures = { database: 'PGlite' | 'PostgreSQL'; runs: SignInFigure[] };

const PASSWORD = 'bench-sign-in-password';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const codeOf = (secret: string, steps: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Signing in, the server in this process: with the password alone, and with the password and
 * then an authenticator code (`PUT /users/two_factor_authentication`), one member per sign-in (a
 * code's time step is taken once). Both are bound by the password's argon2id hash.
 */
export async function measureSignIn(options: { requests: number; databaseUrl?: string }): Promise<SignInFigures> {
  const bench = await openBenchApp('sign-in', options.databaseUrl);
  const { app } = bench;
  try {
    const { services } = app;
    const network = await services.networks.create({ name: 'Sign-in bench', language: 'de', host: null });
    await services.networks.updateSettings(network.id, { two_factor: 'enabled' });
    const passwordHash = await hashPassword(PASSWORD);
    const count = options.requests * 2;
    const emails = Array.from({ length: count }, (_, i) => `person-${i}@sign-in.bench.test`);
    const users = await services.accounts.createUsers(emails.map((email) => ({ email, passwordHash })));
    await services.members.createMany(
      users.map((user, i) => ({ networkId: network.id, userId: user.id, firstName: 'Person', lastName: `${i}` })),
    );

    const signIn = async (email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { user: { email, password: PASSWORD } },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'agora_session')!;
      return {
        headers: { cookie: `agora_session=${cookie.value}`, 'x-csrf-token': response.json().csrf_token },
        secondFactor: response.json().second_factor as string | undefined,
      };
    };

    // The second half sets up an authenticator app first.
    const secrets: string[] = [];
    for (const email of emails.slice(options.requests)) {
      const { headers } = await signIn(email);
      const fresh = await app.inject({ url: '/api/v1/authentication/factors/new?type=totp', headers });
      const secret = fresh.json().secret_key as string;
      const added = await app.inject({
        method: 'POST',
        url: '/api/v1/authentication/factors',
        headers,
        payload: { type: 'totp', code: codeOf(secret, 0), secret_key: secret },
      });
      if (added.statusCode !== 201) throw new Error(`adding a factor: ${added.statusCode} ${added.body}`);
      secrets.push(secret);
    }

    const timed = async (run: (i: number) => Promise<void>): Promise<SignInFigure['p50Ms'][]> => {
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const started = performance.now();
        await run(i);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    const figure = (name: string, times: number[]): SignInFigure => ({
      name,
      requests: times.length,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
    });

    const password = await timed(async (i) => {
      const { secondFactor } = await signIn(emails[i]!);
      if (secondFactor) throw new Error('a member without a factor was asked for one');
    });
    const withCode = await timed(async (i) => {
      const { headers, secondFactor } = await signIn(emails[options.requests + i]!);
      if (secondFactor !== 'verify') throw new Error('no code asked for');
      const passed = await app.inject({
        method: 'PUT',
        url: '/users/two_factor_authentication',
        headers,
        payload: { code: codeOf(secrets[i]!, 1) },
      });
      if (passed.statusCode !== 200) throw new Error(`code: ${passed.statusCode} ${passed.body}`);
    });
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      runs: [figure('password', password), figure('password + authenticator code', withCode)],
    };
  } finally {
    await bench.close();
  }
}
