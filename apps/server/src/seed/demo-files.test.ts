import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FileEntry, Folder, FileVersion, FolderSummary, NetworkShell, PendingVersion } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  await t.services.events.settled();
}, 240_000);
afterAll(() => t.close());

const getAs = async (email: string) => {
  const session = await signIn(t.app, email, DEMO_PASSWORD);
  return async <T>(url: string) => {
    const response = await t.app.inject({ url, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
};

it('shows Max the network folder tree and the group folders, with versions, a lock and a finalized file', async () => {
  const get = await getAs('max.member@example.com');
  const roots = await get<{ network: FolderSummary; groups: FolderSummary[] }>('/api/storage/folders/roots');
  const root = await get<Folder>(`/api/storage/folders/${roots.network.id}`);
  expect(root.subfolders.map((f) => f.name)).toEqual(['Handbook', 'Minutes', 'Templates']);
  const templates = await get<Folder>(`/api/storage/folders/${root.subfolders[2]!.id}`);
  expect(templates.files[0]).toMatchObject({ name: 'Letter template.txt', lockedUntil: expect.any(String) });
  const handbook = await get<Folder>(`/api/storage/folders/${root.subfolders[0]!.id}`);
  const policies = await get<Folder>(
    `/api/storage/folders/${handbook.subfolders.find((f) => f.name === 'Policies')!.id}`,
  );
  const travel = policies.files[0]!;
  expect(travel.version).toBe(3);
  expect((await get<FileVersion[]>(`/api/storage/files/${travel.id}/versions`)).map((v) => v.version)).toEqual([
    3, 2, 1,
  ]);
  const minutes = await get<Folder>(`/api/storage/folders/${root.subfolders[1]!.id}`);
  const year = await get<Folder>(`/api/storage/folders/${minutes.subfolders[0]!.id}`);
  expect(year.files[0]!.finalizedAt).not.toBeNull();
  const engineering = roots.groups.find((g) => g.group?.slug === 'engineering')!;
  expect((await get<Folder>(`/api/storage/folders/${engineering.id}`)).subfolders.map((f) => f.name)).toEqual([
    'Architecture',
  ]);
});

it("shows Anna a new version of Max's waiting for her approval, and the file profile's columns with values", async () => {
  const get = await getAs('anna.admin@example.com');
  const network = await get<NetworkShell>('/api/v1/network');
  expect(network.config.file_profiles).toMatchObject({ enabled: true, column_fields: ['state', 'review_on'] });
  const roots = await get<{ network: FolderSummary }>('/api/storage/folders/roots');
  const { files: waiting } = await get<{ files: Array<FileEntry & { pending_versions: PendingVersion[] }> }>(
    `/api/storage/folders/${roots.network.id}/files/approval`,
  );
  expect(waiting.map((f) => [f.name, f.version, f.pending_versions.map((p) => p.author_name)])).toEqual([
    ['Travel policy.txt', 3, ['Max Meier']],
  ]);
  expect(waiting[0]!.file_profile).toEqual({ state: 'in_force', review_on: '2026-12-31' });
});
