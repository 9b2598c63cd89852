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
  /** Paths sent in turn instead of `path` (which names the scenario), e.g. different queries. */
  paths?(ctx: ScenarioContext): string[];
};

const asMember = (ctx: ScenarioContext) => ({ cookie: ctx.cookie, accept: 'application/json' });

/**
 * What members type into a member picker: two to five letters of a first or last name of the
 * large seed (src/seed/large.ts), some of them both. Common prefixes ("an", "sch") match hundreds
 * of members and rare ones a few dozen, so the mix measures the ranking and counting of many
 * matches as well as the index lookup.
 */
export const MEMBER_QUERIES = [
  'an',
  'be',
  'kra',
  'sch',
  'hoff',
  'zimm',
  'lena',
  'mia w',
  'olga r',
  'sven',
  'ta fi',
  'uwe',
];

/**
 * The directory's member list on the large network (src/seed/large.ts: a department of 12, an
 * office of 8 and languages for a third of the members): a filter or two and later pages, and
 * searches with and without a filter. Each answer also counts the filters' values.
 */
export const DIRECTORY_FILTER_PATHS = [
  'filter[department]=Engineering',
  'filter[location]=Hamburg',
  'filter[department]=Sales&filter[location]=Berlin',
  'filter[languages]=French',
  'filter[department]=Legal&page=3',
  'filter[location]=Wien&sort=first_name',
].map((query) => `/directory/members?${query.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`);
export const DIRECTORY_SEARCH_PATHS = [
  ...MEMBER_QUERIES.map((q) => `/directory/members?q=${encodeURIComponent(q)}`),
  '/directory/members?q=an&filter%5Bdepartment%5D=Support',
  '/directory/members?q=sch&filter%5Blocation%5D=Leipzig',
];

export const scenarios: Scenario[] = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz', connections: 10, baseline: true },
  { name: 'GET /api/v1/network', method: 'GET', path: '/api/v1/network', connections: 10, headers: asMember },
  { name: 'GET /api/v1/session', method: 'GET', path: '/api/v1/session', connections: 10, headers: asMember },
  { name: 'GET /api/v1/unreads', method: 'GET', path: '/api/v1/unreads', connections: 10, headers: asMember },
  {
    name: 'GET /members?q=',
    method: 'GET',
    path: '/members?q=',
    connections: 10,
    headers: asMember,
    paths: () => MEMBER_QUERIES.map((q) => `/members?q=${encodeURIComponent(q)}`),
  },
  {
    name: 'GET /directory/members (filter)',
    method: 'GET',
    path: '/directory/members',
    connections: 10,
    headers: asMember,
    paths: () => DIRECTORY_FILTER_PATHS,
  },
  {
    name: 'GET /directory/members (search)',
    method: 'GET',
    path: '/directory/members',
    connections: 10,
    headers: asMember,
    paths: () => DIRECTORY_SEARCH_PATHS,
  },
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

/**
 * The calendars group (calendars.ts, selected by the word "calendars"): the month sheet of a
 * member with 10 of the large network's 50 calendars selected. Run on the main (PGlite) server
 * and on a PostgreSQL one of its own, so it is not in `scenarios`.
 */
export function monthScenario(query: string): Scenario {
  return {
    name: 'GET /appointments (month, 10 calendars)',
    method: 'GET',
    path: `/appointments?${query}`,
    connections: 10,
    headers: asMember,
  };
}
