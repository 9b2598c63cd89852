import { parse } from 'csv-parse/sync';
import {
  EXTERNAL_INVITE_ERROR_KEYS as KEYS,
  EXTERNAL_INVITE_LIMITS,
  type CsvCharacterEncoding,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';

/** One person of an upload: the row of the file (from 1, the header counted) and its cells. */
export type CsvPerson = { row: number; email: string; firstName: string; lastName: string };

const HEADER_NAMES: Record<string, 'email' | 'firstName' | 'lastName'> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  first_name: 'firstName',
  firstname: 'firstName',
  'first name': 'firstName',
  vorname: 'firstName',
  last_name: 'lastName',
  lastname: 'lastName',
  'last name': 'lastName',
  nachname: 'lastName',
};

/** The bytes as text: ISO-8859-1 (what spreadsheet programs write on Windows) or UTF-8 without its BOM. */
export function decodeCsv(bytes: Uint8Array, encoding: CsvCharacterEncoding): string {
  const text = new TextDecoder(encoding === 'UTF-8' ? 'utf-8' : 'latin1').decode(bytes);
  // No text can store a NUL: a file holding one is no CSV of addresses.
  if (text.includes('\u0000')) throw unprocessable({ csv: ['invalid'] });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `;` as spreadsheet programs in German write, `,` otherwise: whichever the first line holds more of. */
function separatorOf(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * The people of an upload: `email;first_name;last_name` per row (or the columns a header row
 * names); empty rows skipped. 422 `too_large` beyond EXTERNAL_INVITE_LIMITS.csvRows rows.
 */
export function parseCsv(text: string): CsvPerson[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      // One more than allowed, to know that there were too many.
      to: EXTERNAL_INVITE_LIMITS.csvRows + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw unprocessable({ csv: ['invalid'] });
  }
  let columns = { email: 0, firstName: 1, lastName: 2 };
  const first = records[0]?.record.map((cell) => cell.trim().toLowerCase()) ?? [];
  const named = first.map((cell) => HEADER_NAMES[cell]);
  if (named.includes('email')) {
    columns = {
      email: named.indexOf('email'),
      firstName: named.indexOf('firstName'),
      lastName: named.indexOf('lastName'),
    };
    records = records.slice(1);
  }
  if (records.length > EXTERNAL_INVITE_LIMITS.csvRows) throw unprocessable({ csv: [KEYS.tooLarge] });
  const cell = (record: string[], index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
  return records
    .filter(({ record }) => record.some((c) => c.trim() !== ''))
    .map(({ record, info }) => ({
      row: info.lines,
      email: cell(record, columns.email),
      firstName: cell(record, columns.firstName),
      lastName: cell(record, columns.lastName),
    }));
}
