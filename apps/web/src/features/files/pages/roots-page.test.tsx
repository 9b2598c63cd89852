import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Unreads } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { renderUi } from '../../../ui/testing.tsx';
import { FilesBar } from '../files-bar.tsx';
import { filesFeature } from '../index.ts';
import {
  file,
  fileId,
  folder,
  folderId,
  GROUP_ROOT,
  NETWORK_ROOT,
  ok,
  SESSION,
  stubApi,
  summary,
} from '../testing/fixtures.ts';
import { FolderPage } from './folder-page.tsx';
import { GroupFilesPage, RootsPage } from './roots-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const ROUTES = (
  <Routes>
    <Route path="/files" element={<RootsPage />} />
    <Route path="/files/folders/:folderId" element={<FolderPage />} />
    <Route path="/groups/:groupSlug/files" element={<GroupFilesPage />} />
    <Route path="/groups/:groupSlug/files/folders/:folderId" element={<FolderPage />} />
  </Routes>
);

describe('the roots page', { timeout: 20_000 }, () => {
  it("lists the network's root and the member's groups' roots", async () => {
    stubApi({
      'GET /api/v1/session': ok(SESSION),
      'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
    });
    renderUi(ROUTES, { path: '/files' });
    expect(await screen.findByRole('heading', { name: 'Files', level: 1 })).toBeTruthy();
    const network = await screen.findByRole('region', { name: 'Network' });
    expect(within(network).getByRole('link').getAttribute('href')).toBe(`/files/folders/${NETWORK_ROOT.id}`);
    expect(within(network).getByText('Network files')).toBeTruthy();
    const groups = screen.getByRole('region', { name: 'Groups' });
    const link = within(groups).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/groups/engineering/files/folders/${GROUP_ROOT.id}`);
    expect(link.textContent).toContain('Engineering');
    expect(link.textContent).toContain('3 items');
  });

  it('says so when there is no folder to see', async () => {
    stubApi({
      'GET /api/v1/session': ok(SESSION),
      'GET /api/storage/folders/roots': ok({ network: null, groups: [] }),
    });
    renderUi(ROUTES, { path: '/files' });
    expect(await screen.findByText('There are no folders you can see yet.')).toBeTruthy();
  });

  it("opens the group's root within the group, marks it read and says it has no files yet", async () => {
    const calls = stubApi({
      'GET /api/v1/session': ok(SESSION),
      'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
      [`GET /api/storage/folders/${GROUP_ROOT.id}?limit=1000`]: ok(
        folder({ ...GROUP_ROOT, folder_path: [{ id: GROUP_ROOT.id, name: 'root' }] }),
      ),
      [`POST /api/storage/folders/${GROUP_ROOT.id}/read`]: ok(),
    });
    renderUi(ROUTES, { path: '/groups/engineering/files' });
    expect(await screen.findByRole('heading', { name: 'Files of Engineering', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No files yet.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/read'))).toBe(true));
  });
});

describe("a folder's breadcrumb", { timeout: 20_000 }, () => {
  it('leads from the files through the root down to the folder', async () => {
    const plans = summary({ id: folderId(1), name: 'Plans', namespace: 'group', group: GROUP_ROOT.group });
    const drafts = folder({
      id: folderId(2),
      name: 'Drafts',
      namespace: 'group',
      group: GROUP_ROOT.group,
      folder_path: [
        { id: GROUP_ROOT.id, name: 'root' },
        { id: plans.id, name: 'Plans' },
        { id: folderId(2), name: 'Drafts' },
      ],
      files: [file({ id: fileId(1), name: 'draft.docx' })],
    });
    stubApi({
      'GET /api/v1/session': ok(SESSION),
      [`GET /api/storage/folders/${drafts.id}?limit=1000`]: ok(drafts),
      [`POST /api/storage/folders/${drafts.id}/read`]: ok(),
    });
    renderUi(ROUTES, { path: `/groups/engineering/files/folders/${drafts.id}` });
    const crumbs = await screen.findByRole('navigation', { name: 'Folder path' });
    const links = within(crumbs).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Files', '/groups/engineering/files'],
      ['Files of Engineering', `/groups/engineering/files/folders/${GROUP_ROOT.id}`],
      ['Plans', `/groups/engineering/files/folders/${plans.id}`],
    ]);
    expect(within(crumbs).getByText('Drafts').getAttribute('aria-current')).toBe('page');
    expect((await screen.findByRole('link', { name: 'draft.docx' })).getAttribute('href')).toBe(
      `/groups/engineering/files/${fileId(1)}`,
    );
  });
});

describe("the user bar's Files module", { timeout: 20_000 }, () => {
  it('counts the Files of the unreads and lists the roots with their unseen files', async () => {
    const [entry] = filesFeature.userbar!;
    expect(entry).toMatchObject({ module: 'files', path: '/files', order: 50, label: 'files:module' });
    expect(entry!.unread!({ Files: 4 } as unknown as Unreads)).toBe(4);
    expect(entry!.unread!({} as Unreads)).toBe(0);

    stubApi({
      'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
      'GET /unreads/folders': ok({
        folders: [
          { id: GROUP_ROOT.id, unread_count: 2 },
          { id: folderId(5), unread_count: 3 },
        ],
      }),
    });
    renderUi(<FilesBar />, { path: '/files' });
    const bar = await screen.findByTestId('files-bar');
    const all = within(bar).getByRole('link', { name: /All files/ });
    await waitFor(() => expect(all.textContent).toContain('5'));
    const group = await within(bar).findByRole('link', { name: /Engineering/ });
    expect(group.textContent).toContain('2');
    expect(
      within(bar)
        .getByRole('link', { name: /Network files/ })
        .getAttribute('href'),
    ).toBe(`/files/folders/${NETWORK_ROOT.id}`);
    // Max reviews neither tree here: no approval screen.
    expect(within(bar).queryByRole('link', { name: /Approval/ })).toBeNull();
  });

  it("leads a reviewer to the approval screens of the network's and the groups' trees they review", async () => {
    const reviewed = { ...GROUP_ROOT.can, review: true };
    const otherGroup = summary({
      ...GROUP_ROOT,
      id: folderId(7),
      group: { id: folderId(8), slug: 'sales', name: 'Sales' },
    });
    stubApi({
      'GET /api/storage/folders/roots': ok({
        network: { ...NETWORK_ROOT, can: { ...NETWORK_ROOT.can, review: true } },
        groups: [{ ...GROUP_ROOT, can: reviewed }, otherGroup],
      }),
      'GET /unreads/folders': ok({ folders: [] }),
    });
    renderUi(<FilesBar />, { path: '/files' });
    const bar = await screen.findByTestId('files-bar');
    const group = await within(bar).findByRole('link', { name: 'Approval: Engineering' });
    expect(group.getAttribute('href')).toBe('/groups/engineering/files/approval');
    expect(within(bar).getByRole('link', { name: 'Approval' }).getAttribute('href')).toBe('/files/approval');
    expect(within(bar).queryByRole('link', { name: 'Approval: Sales' })).toBeNull();
  });

  it("gives a network administrator the network's approval screen only, not one link per group", async () => {
    stubApi({
      'GET /api/v1/session': ok({ ...SESSION, member: { ...SESSION.member, network_admin: true } }),
      'GET /api/storage/folders/roots': ok({
        network: { ...NETWORK_ROOT, can: { ...NETWORK_ROOT.can, review: true } },
        groups: [{ ...GROUP_ROOT, can: { ...GROUP_ROOT.can, review: true } }],
      }),
      'GET /unreads/folders': ok({ folders: [] }),
    });
    renderUi(<FilesBar />, { path: '/files' });
    const bar = await screen.findByTestId('files-bar');
    await within(bar).findByRole('link', { name: 'Approval' });
    await within(bar).findByRole('link', { name: 'Engineering' });
    await waitFor(() => expect(within(bar).queryByRole('link', { name: 'Approval: Engineering' })).toBeNull());
  });
});
