// The messages group: the inbox of a member with 50,000 messages (page 1 and page 500, ten a
// page, p50 and p99 over a few hundred requests), and a message to a group of 5,000 members,
// until it is answered and until every member holds a copy and a notification; on PGlite, the
// server in the benchmark's own process (src/seed/bench-messages.ts).
import { measureDirectMessages, type DirectMessageFigures } from '@agora/server/bench-support';

export type MessagesReport = { figures: DirectMessageFigures | null; failure: string | null };

export async function runMessagesBench(options: {
  inbox: number;
  groupSize: number;
  requests: number;
}): Promise<MessagesReport> {
  try {
    const figures = await measureDirectMessages(options);
    const failure =
      figures.send.deliveredMs === null
        ? `only ${figures.send.recipients} copies and ${figures.send.notifications} notifications of ${figures.groupSize}`
        : null;
    return { figures, failure };
  } catch (error) {
    return { figures: null, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatMessagesReport(report: MessagesReport): string {
  const lines = ['## Direct messages (PGlite, in process)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  const f = report.figures;
  if (!f) return lines.join('\n');
  const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} ms`);
  lines.push(
    `| ${f.inboxMessages.toLocaleString('en')} messages in the inbox | requests | p50 | p99 | items |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...f.lists.map((l) => `| ${l.name} | ${l.requests} | ${ms(l.p50Ms)} | ${ms(l.p99Ms)} | ${l.items} |`),
    '',
    '| a message to a group | figure |',
    '| --- | ---: |',
    `| members of the group | ${f.groupSize} |`,
    `| answered | ${ms(f.send.answerMs)} |`,
    `| every member holds a copy and a notification | ${ms(f.send.deliveredMs)} |`,
    `| copies / notifications | ${f.send.recipients} / ${f.send.notifications} |`,
  );
  return lines.join('\n');
}
