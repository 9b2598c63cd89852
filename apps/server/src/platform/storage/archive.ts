import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

export type ArchiveEntry = {
  /** The name in the archive; sanitized and made unique here. */
  name: string;
  /** Opened only when the entry's turn comes, so one source is open at a time. */
  open(): Promise<Readable>;
  date?: Date;
  /** Stored without compression (images, video, archives gain nothing from deflate). */
  store?: boolean;
  /** An empty folder: a directory entry without bytes (`open` is not called). */
  directory?: boolean;
};

/**
 * A zip of the entries as a stream, written one entry after the other: each source is piped
 * through deflate into the output, so no file is ever held whole in memory, and the output's
 * back-pressure (a slow download) slows the reading of the sources.
 *
 * A source that fails midway destroys the output with the error: the download breaks off
 * instead of ending in a zip that looks complete but is not.
 */
export function streamZip(entries: Iterable<ArchiveEntry> | AsyncIterable<ArchiveEntry>): Readable {
  // Level 6 (zlib's default): most of the gain of 9 at a fraction of the CPU.
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const names = new UniqueNames();

  void (async () => {
    for await (const entry of entries) {
      if (archive.destroyed) return;
      if (entry.directory) {
        const appended = entryWritten(archive, null);
        archive.append(Buffer.alloc(0), {
          name: `${names.take(sanitizeEntryName(entry.name))}/`,
          date: entry.date ?? new Date(),
          type: 'directory',
        });
        await appended;
        continue;
      }
      const source = await entry.open();
      if (archive.destroyed) {
        source.destroy();
        return;
      }
      const appended = entryWritten(archive, source);
      archive.append(source, {
        name: names.take(sanitizeEntryName(entry.name)),
        date: entry.date ?? new Date(),
        ...(entry.store ? { store: true } : {}),
      });
      await appended;
    }
    // Not awaited: it settles only once the reader has taken the last byte, which a
    // cancelled download never does; its errors reach the reader through the stream.
    archive.finalize().catch(() => undefined);
  })().catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return archive;
}

/** Resolves when the archive has taken the whole entry; rejects when the source or the archive fails. */
function entryWritten(archive: ZipArchive, source: Readable | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
      source?.off('error', onError);
    };
    const onEntry = () => {
      cleanUp();
      resolve();
    };
    const onError = (error: Error) => {
      cleanUp();
      source?.destroy();
      reject(error);
    };
    // The reader went away (the download was cancelled): stop reading the source.
    const onClose = () => onError(new Error('archive closed before the entry was written'));
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    // archiver pipes the source without passing its errors on; without this it would wait forever.
    source?.on('error', onError);
  });
}

/**
 * An entry name that unpacks where it should: path segments of '.' and '..', leading slashes,
 * backslashes, control characters and characters Windows refuses in file names are dropped
 * or replaced, so an archive never writes outside the folder it is unpacked into.
 */
export function sanitizeEntryName(name: string): string {
  const segments = name
    .split(/[/\\]+/)
    .map((segment) =>
      segment
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .replace(/[<>:"|?*]/g, '_')
        .trim(),
    )
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.join('/') || 'file';
}

/**
 * The second "report.pdf" becomes "report (2).pdf", the third "report (3).pdf". Compared
 * without case, because Windows and macOS would unpack "Report.pdf" over "report.pdf".
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const slash = name.lastIndexOf('/');
    const folder = name.slice(0, slash + 1);
    const file = name.slice(slash + 1);
    const dot = file.lastIndexOf('.');
    // A leading dot starts a hidden file's name, not an extension.
    const [stem, extension] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${folder}${stem} (${n})${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
