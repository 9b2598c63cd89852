import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileTokenAnswer } from '@agora/contracts';
import { newId } from '../db/ids.ts';
import { archiveRoutes, isCompressed, MAX_ARCHIVE_IDS } from './archive-routes.ts';
import { createArchiveTokens, ARCHIVE_TOKEN_TTL_MS } from './archive-token.ts';
import {
  actorFor,
  fakeReader,
  NETWORK_ID,
  routeTestApp,
  tempDirDriver,
  unzip,
  type FakeObject,
  type RouteTestApp,
} from './test-support.ts';

const SECRET = 'archive-test-secret-archive-test-secret';
const driver = tempDirDriver();
const reader = fakeReader(driver);
const member = actorFor();
const other = actorFor();
let clock = Date.parse('2027-03-14T10:00:00Z');
let t: RouteTestApp;
let memberHeaders: Record<string, string>;
let plan: FakeObject;
let planCopy: FakeObject;
let photoFile: FakeObject;
let secret: FakeObject;

beforeAll(async () => {
  t = await routeTestApp(archiveRoutes({ reader, secret: SECRET, now: () => clock }));
  memberHeaders = t.signIn(member);
  const readers = [member.membershipId, other.membershipId];
  plan = await reader.add(
    { directory: 'files', name: 'plan.txt', extension: 'txt', contentType: 'text/plain', readers },
    Buffer.from('the plan'),
  );
  planCopy = await reader.add(
    { directory: 'files', name: 'plan.txt', extension: 'txt', contentType: 'text/plain', readers },
    Buffer.from('another plan'),
  );
  photoFile = await reader.add(
    { directory: 'files', name: 'holiday', extension: 'jpg', contentType: 'image/jpeg', readers },
    Buffer.alloc(5000, 1),
  );
  secret = await reader.add(
    { directory: 'files', name: 'secret.txt', extension: 'txt', readers: [other.membershipId] },
    Buffer.from('not yours'),
  );
});
afterAll(async () => {
  await t.app.close();
  driver.remove();
});

const requestToken = (body: unknown, headers = memberHeaders) =>
  t.app.inject({ method: 'POST', url: '/api/v1/file_token', headers, payload: body as object });

async function tokenFor(fileIds: string[]): Promise<string> {
  const response = await requestToken({ file_ids: fileIds });
  expect(response.statusCode).toBe(200);
  return response.json<FileTokenAnswer>().token;
}

/** The form post a browser makes: the session cookie, no CSRF header. */
const postArchive = (token: string, headers: Record<string, string> = memberHeaders) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storage/v2/archive',
    headers: {
      host: headers.host ?? 'localhost',
      'content-type': 'application/x-www-form-urlencoded',
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
    },
    payload: new URLSearchParams({ token }).toString(),
  });

describe('POST /api/v1/file_token', () => {
  it('answers 401 without a session', async () => {
    const response = await requestToken({ file_ids: [plan.id] }, { host: 'localhost' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 for no ids, malformed ids and more than 500 ids', async () => {
    const tooMany = Array.from({ length: MAX_ARCHIVE_IDS + 1 }, () => newId());
    const split = Array.from({ length: 300 }, () => newId());
    for (const [body, errors] of [
      [{}, { file_ids: ['required'] }],
      [{ file_ids: [] }, { file_ids: ['required'] }],
      [{ file_ids: ['../etc'] }, { 'file_ids.0': ['invalid_id'] }],
      [{ file_ids: tooMany }, { file_ids: ['too_long'] }],
      [{ file_ids: split, folder_ids: split }, { file_ids: ['too_long'] }],
    ] as const) {
      const response = await requestToken(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json()).toEqual({ errors });
    }
  });

  it('answers 404 when an id is unknown or not readable for the member', async () => {
    expect((await requestToken({ file_ids: [plan.id, newId()] })).statusCode).toBe(404);
    expect((await requestToken({ file_ids: [plan.id, secret.id] })).statusCode).toBe(404);
    expect((await requestToken({ file_ids: [], folder_ids: [newId()] })).statusCode).toBe(404);
  });

  it('answers a token for readable files', async () => {
    const response = await requestToken({ file_ids: [plan.id, photoFile.id], folder_ids: [], current_folder_id: null });
    expect(response.statusCode).toBe(200);
    expect(response.json<FileTokenAnswer>().token).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('POST /api/storage/v2/archive', () => {
  it('streams a zip of the files of a form-posted token, duplicates renamed', async () => {
    const token = await tokenFor([plan.id, planCopy.id, photoFile.id]);
    const response = await postArchive(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="archive-2027-03-14.zip"');
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['plan.txt', 'plan (2).txt', 'holiday.jpg']);
    expect(entries[0]!.data.toString()).toBe('the plan');
    expect(entries[1]!.data.toString()).toBe('another plan');
    expect(entries[2]!.data.equals(Buffer.alloc(5000, 1))).toBe(true);
  });

  it('takes the token as JSON too, for clients that are no browser form', async () => {
    const token = await tokenFor([plan.id]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v2/archive',
      headers: memberHeaders,
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect((await unzip(response.rawPayload)).map((e) => e.name)).toEqual(['plan.txt']);
  });

  it('answers 422 without a token', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v2/archive',
      headers: {
        host: 'localhost',
        cookie: memberHeaders.cookie!,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'other=1',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json()).toEqual({ errors: { token: ['required'] } });
  });

  it('answers 403 for a tampered, foreign or garbled token', async () => {
    const token = await tokenFor([plan.id]);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { f: string[] };
    claims.f = [secret.id];
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const foreign = createArchiveTokens('some-other-secret-some-other-secret').sign({
      networkId: NETWORK_ID,
      membershipId: member.membershipId,
      fileIds: [plan.id],
      folderIds: [],
    });
    for (const bad of [forged, foreign, 'garbage', `${token}x`, `${token}.extra`]) {
      const response = await postArchive(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toEqual({ error: 'invalid_token' });
    }
  });

  it('answers 403 once the token has expired (10 minutes)', async () => {
    const token = await tokenFor([plan.id]);
    const issued = clock;
    try {
      clock = issued + ARCHIVE_TOKEN_TTL_MS - 1000;
      expect((await postArchive(token)).statusCode).toBe(200);
      clock = issued + ARCHIVE_TOKEN_TTL_MS;
      expect((await postArchive(token)).statusCode).toBe(403);
    } finally {
      clock = issued;
    }
  });

  it("answers 403 without the token's member signed in: anonymous or another member", async () => {
    const token = await tokenFor([plan.id]);
    expect((await postArchive(token, { host: 'localhost' })).statusCode).toBe(403);
    expect((await postArchive(token, t.signIn(other))).statusCode).toBe(403);
  });

  it('leaves out files the member may no longer read, and answers 404 when none is left', async () => {
    const shared = await reader.add(
      { directory: 'files', name: 'shared.txt', extension: 'txt', readers: [member.membershipId] },
      Buffer.from('for now'),
    );
    const token = await tokenFor([plan.id, shared.id]);
    shared.readers = [];
    const response = await postArchive(token);
    expect((await unzip(response.rawPayload)).map((e) => e.name)).toEqual(['plan.txt']);
    const lonely = await tokenFor([plan.id]);
    plan.readers = [other.membershipId];
    try {
      expect((await postArchive(lonely)).statusCode).toBe(404);
    } finally {
      plan.readers = [member.membershipId, other.membershipId];
    }
  });
});

describe('isCompressed', () => {
  it('stores formats that are compressed already, deflates the rest', () => {
    for (const type of ['image/jpeg', 'video/mp4', 'application/zip', 'application/pdf'])
      expect(isCompressed(type), type).toBe(true);
    expect(isCompressed('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(true);
    for (const type of ['text/plain', 'image/svg+xml', 'image/bmp', 'application/json', 'application/octet-stream'])
      expect(isCompressed(type), type).toBe(false);
  });
});
