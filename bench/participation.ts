// The participation group: adding a group of 5,000 members to an appointment (time until every
// one is a participant: the request hands the group to a job), and the invites inbox and
// participations lists of a member on a network with 100,000 invites (src/seed/large-participation.ts).
import autocannon from 'autocannon';
import type { LargeParticipationResult } from '@agora/server/bench-support';

export type Session = { cookie: string; csrf: string };

export type ParticipationFigures = {
  invites: number;
  groupSize: number;
  /** From the POST until the participants list counts the whole group. */
  addGroup: { answerMs: number; doneMs: number; participants: number; status: number } | null;
  lists: Array<{ name: string; requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; items: number }>;
  failure: string | null;
};

export type ParticipationBenchOptions = {
  url: string;
  admin: Session;
  viewer: Session;
  seeded: LargeParticipationResult;
  duration: number;
  warmup: number;
};

const ADD_TIMEOUT_MS = 120_000;

export async function runParticipationBench(options: ParticipationBenchOptions): Promise<ParticipationFigures> {
  const figures: ParticipationFigures = {
    invites: options.seeded.invites,
    groupSize: options.seeded.groupSize,
    addGroup: null,
    lists: [],
    failure: null,
  };
  try {
    figures.addGroup = await addGroup(options);
    const lists = [
      ['invites, open tab', '/api/v1/invites?filter=appointments&status=open&limit=50'],
      ['invites, expired tab', '/api/v1/invites?filter=appointments&status=expired&limit=50'],
      ['invites, obsolete tab', '/api/v1/invites?filter=appointments&status=obsolete&limit=50'],
      ['participations, upcoming', '/api/v1/participations?status=upcoming&limit=20'],
      ['participations, accepted', '/api/v1/participations?status=accepted&limit=20'],
    ] as const;
    for (const [name, path] of lists) {
      const first = await fetch(options.url + path, { headers: headers(options.viewer) });
      if (!first.ok) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
      const items = ((await first.json()) as { items: unknown[] }).items.length;
      if (options.warmup > 0) await load(options.url + path, options.viewer, options.warmup);
      const result = await load(options.url + path, options.viewer, options.duration);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      figures.lists.push({
        name,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        items,
      });
      console.log(`  participation: ${name}: ${result.requests.average.toFixed(1)} req/s`);
    }
  } catch (error) {
    figures.failure = error instanceof Error ? error.message : String(error);
  }
  return figures;
}

function headers(session: Session, json = false): Record<string, string> {
  return {
    cookie: session.cookie,
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json', 'x-csrf-token': session.csrf } : {}),
  };
}

function load(url: string, session: Session, duration: number) {
  return autocannon({ url, headers: headers(session), connections: 10, duration });
}

async function addGroup(options: ParticipationBenchOptions): Promise<NonNullable<ParticipationFigures['addGroup']>> {
  const appointment = options.seeded.targetAppointmentId;
  const started = performance.now();
  const answer = await fetch(`${options.url}/appointments/${appointment}/participants`, {
    method: 'POST',
    headers: headers(options.admin, true),
    body: JSON.stringify({ participant: { group_ids: [options.seeded.groupId], status: 'invited' } }),
  });
  const answerMs = performance.now() - started;
  if (!answer.ok) throw new Error(`Adding the group answered ${answer.status}: ${await answer.text()}`);
  // The author is a participant already and a member of the group.
  const expected = options.seeded.groupSize;
  for (;;) {
    const page = await fetch(`${options.url}/appointments/${appointment}/participants?limit=1`, {
      headers: headers(options.admin),
    });
    if (!page.ok) throw new Error(`The participants list answered ${page.status}`);
    const { total } = (await page.json()) as { total: number };
    const elapsed = performance.now() - started;
    if (total >= expected) {
      console.log(`  participation: ${total} participants after ${(elapsed / 1000).toFixed(2)} s`);
      return { answerMs, doneMs: elapsed, participants: total, status: answer.status };
    }
    if (elapsed > ADD_TIMEOUT_MS)
      throw new Error(`Only ${total} of ${expected} participants after ${ADD_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function formatParticipationReport(f: ParticipationFigures): string {
  const lines = [
    `**Participation** (${f.invites.toLocaleString('en')} invites in the network; the viewer is invited to 1,000 appointments)`,
    '',
  ];
  if (f.addGroup) {
    lines.push(
      `Adding a group of ${f.groupSize.toLocaleString('en')} members as participants: answered ${f.addGroup.status} in ${f.addGroup.answerMs.toFixed(0)} ms, ` +
        `all ${f.addGroup.participants.toLocaleString('en')} participants after ${(f.addGroup.doneMs / 1000).toFixed(2)} s`,
      '',
    );
  }
  if (f.lists.length) {
    lines.push('| list | items | req/s | p50 | p99 |', '|---|---|---|---|---|');
    for (const l of f.lists)
      lines.push(
        `| ${l.name} | ${l.items} | ${l.requestsPerSecond.toFixed(0)} | ${l.latencyP50Ms} ms | ${l.latencyP99Ms} ms |`,
      );
  }
  if (f.failure) lines.push('', `FAILED: ${f.failure}`);
  return lines.join('\n');
}
