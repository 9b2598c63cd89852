import type { CsvCharacterEncoding, ExternalInviteResult, ExternalInviteUserType } from '@agora/contracts';
import { ApiError, currentCsrfToken } from '../../app/api-client.ts';

export type CsvInvite = {
  file: File;
  encoding: CsvCharacterEncoding;
  subject: string;
  body: string;
  userType: ExternalInviteUserType;
  groupIds: string[];
};

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Only .csv files are taken (spec, section 5); the server checks the same. */
export function isCsvFile(file: { name: string }): boolean {
  return /\.csv$/i.test(file.name);
}

/**
 * `POST {prefix}/external_invites` as multipart/form-data, with XMLHttpRequest because fetch
 * reports no upload progress. The text fields come before the file, so the server has them when
 * the rows arrive.
 */
export function postCsvInvite(
  path: string,
  invite: CsvInvite,
  onProgress?: (percent: number) => void,
): Promise<ExternalInviteResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('character_encoding', invite.encoding);
    form.append('subject', invite.subject);
    form.append('body', invite.body);
    form.append('user_type', invite.userType);
    for (const id of invite.groupIds) form.append('group_ids[]', id);
    form.append('csv', invite.file, invite.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    const token = currentCsrfToken();
    if (token) xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as ExternalInviteResult);
      else reject(new ApiError(xhr.status, body as ApiError['body']));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, null)));
    xhr.send(form);
  });
}
