// The messages group: the inbox of a member with 50,000 messages (page 1 and page 500, ten a
// page, p50 and p99 over a few hundred requests), and a message to a group of 5,000 members,
// until it is answered and until every member holds a copy and a notification; on PGlite and on
// PostgreSQL, the server in the benchmark's own process (src/seed/bench-messages.ts).
import { measureDirectMessages, type DirectMessageFigures } from '@agora/server/bench-support';

export type MessagesReport = { runs: DirectMessageFigures[]; failure: string | null };

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function runMessagesBench(options: {
  inbox: number;
  groupSize: number;
  requests: number;
}): Promise<MessagesReport> {
  const runs: DirectMessageFigures[] = [];
  try {
    for (const databaseUrl of [undefined, process.env.DATABASE_URL || POSTGRES_URL]) {
      const figures = await measureDirectMessages({ ...options, databaseUrl });
      runs.push(figures);
      if (figures.send.deliveredMs === null) {
        const { recipients, notifications } = figures.send;
        const failure = `${figures.database}: only ${recipients} copies and ${notifications} notifications of ${figures.groupSize}`;
        return { runs, failure };
      }
    }
    return { runs, failure: null };
  } catch (error) {
    return { runs, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatMessagesReport(report: MessagesReport): string {
  const lines = ['## Direct messages (the server in process)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} ms`);
  const first = report.runs[0];
  if (!first) return lines.join('\n');
  lines.push(
    `| database | ${first.inboxMessages.toLocaleString('en')} messages in the inbox | requests | p50 | p99 | items |`,
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...report.runs.flatMap((f) =>
      f.lists.map(
        (l) => `| ${f.database} | ${l.name} | ${l.requests} | ${ms(l.p50Ms)} | ${ms(l.p99Ms)} | ${l.items} |`,
      ),
    ),
    '',
    `| database | a message to a group of ${first.groupSize} | answered | every member holds a copy and a notification | copies / notifications |`,
    '| --- | --- | ---: | ---: | ---: |',
    ...report.runs.map(
      (f) =>
        `| ${f.database} | | ${ms(f.send.answerMs)} | ${ms(f.send.deliveredMs)} | ${f.send.recipients} / ${f.send.notifications} |`,
    ),
  );
  return lines.join('\n');
}
