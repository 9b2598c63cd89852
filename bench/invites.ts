// The invitation group: a network admin uploads a CSV of 5,000 people (ISO-8859-1, umlauts in the
// names) to POST /administration/external_invites, on PGlite, the server in the benchmark's own
// process so that the job table can be watched: until the upload is answered (every invite
// written), until every invitation mail is queued, and the resident memory at its peak meanwhile.
import { measureCsvInvite, type CsvInviteFigures } from '@agora/server/bench-support';

export type InviteFigures = { figures: CsvInviteFigures | null; failure: string | null };

export async function runInviteBench(options: { rows: number }): Promise<InviteFigures> {
  try {
    const figures = await measureCsvInvite(options);
    const failure =
      figures.queuedSeconds === null ? `only ${figures.mailsQueued} of ${figures.invited} mails were queued` : null;
    return { figures, failure };
  } catch (error) {
    return { figures: null, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatInviteReport(report: InviteFigures): string {
  const lines = ['## Invitations by e-mail: a CSV upload (PGlite)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  const f = report.figures;
  if (!f) return lines.join('\n');
  const s = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} s`);
  lines.push(
    '| what | figure |',
    '| --- | ---: |',
    `| rows uploaded / invites written | ${f.rows} / ${f.invited} |`,
    // PGlite runs in this process's thread: while the processors queue the mails, the answer waits.
    `| upload answered, as this process saw it | ${s(f.answeredSeconds)} |`,
    `| first mail job written (the invites committed before) | ${s(f.firstJobSeconds)} |`,
    `| last mail job written | ${s(f.lastJobSeconds)} |`,
    `| every invitation mail queued (${f.mailsQueued}), as polled | ${s(f.queuedSeconds)} |`,
    `| resident memory before / at its peak | ${f.rssBeforeMb.toFixed(0)} MB / ${f.rssPeakMb.toFixed(0)} MB |`,
    `| JavaScript heap at its peak | ${f.heapPeakMb.toFixed(0)} MB |`,
  );
  return lines.join('\n');
}
