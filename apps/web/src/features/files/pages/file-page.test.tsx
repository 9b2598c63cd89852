import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileEntry, ProfileProperty } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { networkShell } from '../../../testing/network-shell.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { startDownload } from '../lib/download.ts';
import { file, fileId, folder, folderId, OTHER_ID, ok, SELF_ID, SESSION, stubApi } from '../testing/fixtures.ts';
import { FilePage } from './file-page.tsx';

vi.mock('../lib/download.ts', () => ({ startDownload: vi.fn() }));

const PLANS = folder({ id: folderId(1), name: 'Plans' });
const REPORT = file({
  id: fileId(1),
  name: 'report.pdf',
  version: 2,
  folder_ids: [PLANS.id],
  description: 'Q1 numbers',
});
const VERSIONS = [
  {
    version: 2,
    original_filename: 'report.pdf',
    extension: 'pdf',
    size: 2048,
    author: REPORT.author,
    created_at: '2026-03-05T09:00:00.000Z',
    url: '',
  },
  {
    version: 1,
    original_filename: 'report-draft.pdf',
    extension: 'pdf',
    size: 1024,
    author: REPORT.author,
    created_at: '2026-03-01T09:00:00.000Z',
    url: '',
  },
];

beforeEach(async () => {
  clearToasts();
  vi.mocked(startDownload).mockClear();
  await i18n.changeLanguage('en');
});

function renderPage(entry: FileEntry, answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/v1/session': ok(SESSION),
    [`GET /api/storage/files/${entry.id}`]: ok(entry),
    [`GET /api/storage/files/${entry.id}/versions`]: ok(VERSIONS),
    [`GET /api/storage/folders/${PLANS.id}?limit=1000`]: ok(PLANS),
    [`POST /api/storage/files/${entry.id}/track_view`]: ok(),
    ...answers,
  });
  renderUi(
    <Routes>
      <Route path="/files/:fileId" element={<FilePage />} />
    </Routes>,
    { path: `/files/${entry.id}` },
  );
  return calls;
}

describe('the file page', { timeout: 20_000 }, () => {
  it('shows the details, the folders and the versions, and counts the view', async () => {
    const calls = renderPage(REPORT);
    expect(await screen.findByRole('heading', { name: 'report.pdf', level: 1 })).toBeTruthy();
    expect(screen.getByText('Q1 numbers')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Plans' })).getAttribute('href')).toBe(
      `/files/folders/${PLANS.id}`,
    );
    const old = await screen.findByRole('link', { name: 'Download version 1' });
    expect(old.getAttribute('href')).toBe(`/api/storage/files/${REPORT.id}/get/report.pdf?download=1&_=v1`);
    expect(screen.getAllByText(/^05\.03\.2026 \d\d:\d\d$/).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/track_view'))).toBe(true));
    expect(await axeViolations()).toEqual([]);
  });

  it("lists the file's profile values, labelled and shown as the table's columns show them", async () => {
    const property = (
      name: string,
      label: string,
      type: ProfileProperty['type'],
      options: ProfileProperty['options'] = [],
    ) => ({ name, label, type, sortable: false, options, tag_parents: [] }) as ProfileProperty;
    const shell = networkShell();
    const properties = [
      property('due', 'Due on', 'date'),
      property('state', 'State', 'selection', [{ value: 'draft', label: 'Draft' }]),
      property('topics', 'Topics', 'tag'),
      property('owner', 'Owner', 'text'),
      property('note', 'Note', 'text'),
    ];
    const profiled = file({
      ...REPORT,
      file_profile: {
        due: '2026-04-30',
        state: 'draft',
        topics: ['budget', 'new_plans'],
        owner: 'Finance',
        note: null,
      },
    });
    renderPage(profiled, {
      'GET /api/v1/network': ok({
        ...shell,
        config: { ...shell.config, file_profiles: { enabled: true, column_fields: ['due'], properties } },
      }),
    });
    const details = await screen.findByLabelText('Details');
    expect(await within(details).findByText('Due on')).toBeTruthy();
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value('Due on')).toBe('30.04.2026');
    expect(value('State')).toBe('Draft');
    expect(value('Topics')).toBe('budget, plans');
    expect(value('Owner')).toBe('Finance');
    // A property without a value is left out.
    expect(within(details).queryByText('Note')).toBeNull();
  });

  it('asks whether to lock before downloading, and locks for the default period first', async () => {
    const calls = renderPage(REPORT, {
      [`PUT /api/storage/files/${REPORT.id}/lock`]: ok({
        locked_until: '2026-03-10T09:00:00.000Z',
        locked_by_id: SELF_ID,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the file' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock and download' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/storage/files/${REPORT.id}/lock`,
      body: { locked_until: 'default' },
    });
    expect(vi.mocked(startDownload).mock.calls[0]![0]).toBe(
      `/api/storage/files/${REPORT.id}/get/report.pdf?download=1`,
    );
  });

  it('downloads without locking when asked to', async () => {
    const calls = renderPage(REPORT);
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download only' }));
    expect(startDownload).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('downloads at once when someone else holds the lock, and says until when', async () => {
    const locked = file({
      ...REPORT,
      lockedUntil: '2099-01-02T10:00:00.000Z',
      lockedById: OTHER_ID,
      can: { destroy: false, lock: false, update: false, review: false },
    });
    renderPage(locked);
    expect(await screen.findByText(/Locked by someone else until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(startDownload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes the file after confirming', async () => {
    const calls = renderPage(REPORT, {
      'DELETE /api/storage/files': ok({ done: { file_ids: [REPORT.id], folder_ids: [] }, refused: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The file has been deleted.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ file_ids: [REPORT.id] });
  });
});
