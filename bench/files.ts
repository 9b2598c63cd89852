// The files group: a folder of 1,000 files, its listing (p50 and p99 over a few hundred
// requests), one batch move of all of them, and a folder of 20 videos of 100 MB (2 GB) downloaded
// as one zip over HTTP with the growth of the process's resident memory, which a streamed zip
// keeps small whatever the folder's size; on PGlite and, when it answers, on PostgreSQL, the
// server in the benchmark's own process (src/seed/bench-files.ts).
import { measureFiles, postgresReachable, type FilesFigures } from '@agora/server/bench-support';

export type FilesReport = { runs: FilesFigures[]; failure: string | null };

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The zip's download may grow the server's memory by this much at most. */
const RSS_TARGET_MB = 50;

export async function runFilesBench(options: {
  files: number;
  requests: number;
  zipFiles: number;
  zipFileMb: number;
  postgres: boolean;
}): Promise<FilesReport> {
  const runs: FilesFigures[] = [];
  try {
    const postgresUrl = process.env.DATABASE_URL || POSTGRES_URL;
    const databases = [undefined, ...(options.postgres && (await postgresReachable(postgresUrl)) ? [postgresUrl] : [])];
    for (const databaseUrl of databases) runs.push(await measureFiles({ ...options, databaseUrl }));
    const problems = runs.flatMap((r) => [
      ...(r.zip.rssGrowthMb > RSS_TARGET_MB
        ? [`${r.database}: the zip grew memory by ${r.zip.rssGrowthMb.toFixed(0)} MB`]
        : []),
      ...(r.move.done < r.files ? [`${r.database}: ${r.move.done} of ${r.files} files moved`] : []),
      ...(r.listing.items < r.files ? [`${r.database}: the listing showed ${r.listing.items} files`] : []),
    ]);
    return { runs, failure: problems.length ? problems.join(', ') : null };
  } catch (error) {
    return { runs, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatFilesReport(report: FilesReport): string {
  const lines = ['## Files (the server in process)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  if (report.runs.length === 0) return lines.join('\n');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  lines.push(
    '| database | files in the folder | added in | listing requests | p50 | p99 | batch move of all |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.runs.map(
      (r) =>
        `| ${r.database} | ${r.listing.items} | ${s(r.addMs)} | ${r.listing.requests} | ${ms(r.listing.p50Ms)} | ${ms(r.listing.p99Ms)} | ${s(r.move.ms)} |`,
    ),
    '',
    '| database | zip of a folder | size | generated in | downloaded in | MB/s | resident memory growth |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...report.runs.map(
      (r) =>
        `| ${r.database} | ${r.zip.files} files | ${(r.zip.bytes / 1024 ** 3).toFixed(2)} GB | ${s(r.zip.generateMs)} | ${s(r.zip.ms)} | ${(r.zip.bytes / 1024 ** 2 / (r.zip.ms / 1000)).toFixed(0)} | ${r.zip.rssGrowthMb.toFixed(1)} MB |`,
    ),
  );
  return lines.join('\n');
}
