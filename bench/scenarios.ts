/** What the benchmark measures, in order. The scenario marked `baseline` comes first. */

export type ScenarioContext = {
  /** `agora_session=...` of a signed-in normal member. */
  cookie: string;
  /** Members' addresses for the sign-in scenario, which cycles through them. */
  signInEmails: string[];
  password: string;
};

export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  /** The other scenarios' requests/s are compared with this one's. */
  baseline?: boolean;
  headers?(ctx: ScenarioContext): Record<string, string>;
  /** Request bodies, sent one after the other on each connection and then from the start again. */
  bodies?(ctx: ScenarioContext): string[];
};

const asMember = (ctx: ScenarioContext) => ({ cookie: ctx.cookie, accept: 'application/json' });

export const scenarios: Scenario[] = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz', connections: 10, baseline: true },
  { name: 'GET /api/v1/network', method: 'GET', path: '/api/v1/network', connections: 10, headers: asMember },
  { name: 'GET /api/v1/session', method: 'GET', path: '/api/v1/session', connections: 10, headers: asMember },
  {
    name: 'POST /users/sign_in',
    method: 'POST',
    path: '/users/sign_in',
    // argon2 hashing is CPU bound: more connections only queue up.
    connections: 4,
    headers: () => ({ 'content-type': 'application/json', accept: 'application/json' }),
    bodies: (ctx) => ctx.signInEmails.map((email) => JSON.stringify({ user: { email, password: ctx.password } })),
  },
];
