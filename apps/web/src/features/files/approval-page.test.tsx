import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FileWithPendingVersions, ReviewStatusEntry } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { ApprovalPage } from './approval-page.tsx';
import { file, fileId, GROUP_ROOT, NETWORK_ROOT, ok, SESSION, stubApi } from './testing/fixtures.ts';

const NETWORK = networkShell();
const REVIEWER_CAN = { add_files: true, create_subfolders: true, update: false, destroy: false, review: true };
const ADMIN_CAN = { ...REVIEWER_CAN, update: true };

const PENDING: FileWithPendingVersions = {
  ...file({ id: fileId(1), name: 'budget.xlsx' }),
  pending_versions: [
    {
      id: 'p'.repeat(24),
      original_filename: 'budget-v2.xlsx',
      extension: 'xlsx',
      size: 4096,
      created_at: '2026-03-07T10:30:00.000Z',
      author_name: 'Erika Example',
      description: 'New figures for March',
      url: `/api/storage/files/${fileId(1)}/pending_versions/${'p'.repeat(24)}/get/budget-v2.xlsx`,
    },
  ],
};
const REVIEWED: ReviewStatusEntry = {
  id: fileId(2),
  original_filename: 'minutes.docx',
  updated_at: '2026-03-06T08:00:00.000Z',
  current_version_authors: ['Erika Example', 'Max Member'],
  review_status: { insertions: 4, deletions: 2, changes: 1, comments: 3 },
};

function reviewPath(type: string, contextId: string, page = 1) {
  return `/api/storage/v2/files?context_type=${type}&context_id=${contextId}&query=reviewed&page=${page}`;
}

/** The API stub, with the review status' pagination headers. */
function stub(options: {
  reviewed?: ReviewStatusEntry[];
  pending?: FileWithPendingVersions[];
  admin?: boolean;
  office?: boolean;
}) {
  const can = options.admin ? ADMIN_CAN : REVIEWER_CAN;
  const roots = { network: { ...NETWORK_ROOT, can }, groups: [{ ...GROUP_ROOT, can }] };
  const calls = stubApi({
    'GET /api/v1/session': ok(SESSION),
    'GET /api/v1/network': ok(
      options.office ? { ...NETWORK, config: { ...NETWORK.config, office_documents: { enabled: true } } } : NETWORK,
    ),
    'GET /api/storage/folders/roots': ok(roots),
    [`GET /api/storage/folders/${NETWORK_ROOT.id}/files/approval`]: ok({ files: options.pending ?? [] }),
    [`GET /api/storage/folders/${GROUP_ROOT.id}/files/approval`]: ok({ files: options.pending ?? [] }),
    [`POST /api/storage/files/${fileId(1)}/pending_versions/${'p'.repeat(24)}/approve`]: ok(
      file({ id: fileId(1), name: 'budget.xlsx' }),
    ),
    [`DELETE /api/storage/files/${fileId(1)}/pending_versions/${'p'.repeat(24)}`]: ok(),
    [`GET /api/storage/reviewers?context_type=network&context_id=${NETWORK.id}`]: ok({
      reviewers: [{ id: 'e'.repeat(24), name: 'Erika Example', image_id: null }],
    }),
  });
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (!path.startsWith('/api/storage/v2/files?')) return answer(input, init);
    calls.push({ method: 'GET', path, body: undefined });
    const entries = options.reviewed ?? [];
    return new Response(JSON.stringify(entries), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'x-total-count': String(entries.length),
        'x-page': '1',
        'x-per-page': '20',
        'x-total-pages': String(entries.length > 0 ? 1 : 0),
      },
    });
  }) as typeof fetch;
  return calls;
}

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

describe('the approval screen', { timeout: 20_000 }, () => {
  it('opens on the new versions when nothing is reviewed but versions wait, and approves after confirming', async () => {
    const calls = stub({ pending: [PENDING] });
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    const tab = await screen.findByRole('tab', { name: 'New versions (1)' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const version = await screen.findByRole('listitem', { name: 'budget-v2.xlsx' });
    expect(
      within(version).getByText('Uploaded by Erika Example on 07.03.2026 ' + timeOf('2026-03-07T10:30:00.000Z')),
    ).toBeTruthy();
    expect(within(version).getByText('New figures for March')).toBeTruthy();
    const download = within(version).getByRole('link', { name: 'Download the new version budget-v2.xlsx' });
    expect(download.getAttribute('href')).toBe(`${PENDING.pending_versions[0]!.url}?download`);

    fireEvent.click(within(version).getByRole('button', { name: 'Approve the new version budget-v2.xlsx' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/It becomes the file’s current version/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/approve'))).toBe(true),
    );
    expect(await screen.findByText('“budget-v2.xlsx” was approved.')).toBeTruthy();
  });

  it('declines only after confirming', async () => {
    const calls = stub({ pending: [PENDING] });
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    const version = await screen.findByRole('listitem', { name: 'budget-v2.xlsx' });
    fireEvent.click(within(version).getByRole('button', { name: 'Decline the new version budget-v2.xlsx' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(version).getByRole('button', { name: 'Decline the new version budget-v2.xlsx' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('opens on the review status when files are reviewed, with their counts and dates', async () => {
    stub({ reviewed: [REVIEWED], pending: [PENDING] });
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    const tab = await screen.findByRole('tab', { name: 'Open review status' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const row = (await screen.findByRole('link', { name: 'minutes.docx' })).closest('tr')!;
    expect(within(row).getByText('06.03.2026')).toBeTruthy();
    expect(within(row).getByText('Erika Example, Max Member')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(3),
    ).toEqual(['4', '2', '1', '3']);
    expect(await axeViolations()).toEqual([]);
  });

  it('opens a reviewed file with its tracked changes in the office editor, where there is one', async () => {
    stub({ reviewed: [REVIEWED], office: true });
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    const link = await screen.findByRole('link', { name: 'Show the changes of minutes.docx' });
    expect(link.getAttribute('href')).toBe(`/files/${REVIEWED.id}/wopi/host/view?show_review_changes`);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('says so when no version waits', async () => {
    stub({});
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    fireEvent.click(await screen.findByRole('tab', { name: 'New versions' }));
    expect(await screen.findByText('No new versions are waiting for approval.')).toBeTruthy();
  });

  it('asks the group root for the group approval screen', async () => {
    const calls = stub({ pending: [PENDING] });
    renderUi(
      <Routes>
        <Route path="/groups/:groupSlug/files/approval" element={<ApprovalPage />} />
      </Routes>,
      { path: '/groups/engineering/files/approval' },
    );
    await screen.findByRole('listitem', { name: 'budget-v2.xlsx' });
    expect(calls.some((call) => call.path === reviewPath('group', GROUP_ROOT.group!.id))).toBe(true);
    expect(calls.some((call) => call.path === `/api/storage/folders/${GROUP_ROOT.id}/files/approval`)).toBe(true);
  });

  it('shows the reviewers to the context administrators only', async () => {
    stub({ admin: true });
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    const panel = await screen.findByRole('region', { name: 'Reviewers' });
    expect(await within(panel).findByText('Erika Example')).toBeTruthy();
  });

  it('hides the reviewers from reviewers who do not administrate', async () => {
    stub({});
    renderUi(<ApprovalPage />, { path: '/files/approval' });
    await screen.findByRole('tab', { name: 'Open review status' });
    expect(screen.queryByRole('region', { name: 'Reviewers' })).toBeNull();
  });
});

function timeOf(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
