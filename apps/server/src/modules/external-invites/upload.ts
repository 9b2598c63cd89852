import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ERROR_KEYS,
  EXTERNAL_INVITE_ERROR_KEYS as KEYS,
  EXTERNAL_INVITE_LIMITS,
  externalInviteCsvFieldsSchema,
  findUnsafeInput,
} from '@agora/contracts';
import { HttpError, unprocessable } from '../../platform/errors.ts';

/** Marks a body read from multipart/form-data, which the route's JSON schema does not judge. */
export const CSV_UPLOAD = Symbol('csv upload');

export type CsvUpload = {
  [CSV_UPLOAD]: true;
  fields: Record<string, string | string[]>;
  file: { name: string; bytes: Buffer } | null;
};

export function isCsvUpload(body: unknown): body is CsvUpload {
  return typeof body === 'object' && body !== null && CSV_UPLOAD in body;
}

/** Fields repeated as `group_ids[]` or `group_ids` arrive as a list either way. */
const LIST_FIELDS = new Set(['group_ids', 'channel_ids']);

/** Reads the upload: the `csv` file (at most EXTERNAL_INVITE_LIMITS.csvBytes) and the text fields. */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  const fields: Record<string, string | string[]> = Object.create(null);
  let file: CsvUpload['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'csv' || file) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        file = { name: part.filename ?? '', bytes };
      } else if (typeof part.value === 'string') {
        const name = part.fieldname.replace(/\[\]$/, '');
        if (LIST_FIELDS.has(name)) {
          const list = fields[name];
          fields[name] = [...(Array.isArray(list) ? list : []), part.value];
        } else fields[name] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw unprocessable({ csv: [KEYS.tooLarge] });
    if (code?.startsWith('FST_')) throw unprocessable({ csv: [ERROR_KEYS.invalid] });
    throw err;
  }
  return { [CSV_UPLOAD]: true, fields, file };
}

/** The upload's file and fields checked: 422 with field errors as the JSON form gives them. */
export function checkCsvUpload(upload: CsvUpload): {
  bytes: Buffer;
  fields: z.output<typeof externalInviteCsvFieldsSchema>;
} {
  const unsafe = findUnsafeInput(upload.fields);
  if (unsafe) throw unprocessable({ [String(unsafe.path[0] ?? 'base')]: [ERROR_KEYS.invalidCharacters] });
  const parsed = externalInviteCsvFieldsSchema.safeParse(upload.fields);
  const errors: Record<string, string[]> = {};
  if (!upload.file) errors.csv = [ERROR_KEYS.required];
  else if (!/\.csv$/i.test(upload.file.name)) errors.csv = [KEYS.invalidFileType];
  else if (upload.file.bytes.length > EXTERNAL_INVITE_LIMITS.csvBytes) errors.csv = [KEYS.tooLarge];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'base');
      const key = /^[a-z_]+$/.test(issue.message) ? issue.message : ERROR_KEYS.invalid;
      const keys = (errors[field] ??= []);
      if (!keys.includes(key)) keys.push(key);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success || !upload.file) throw unprocessable(errors);
  return { bytes: upload.file.bytes, fields: parsed.data };
}
