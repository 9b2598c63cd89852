import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import {
  file,
  fileId,
  folder,
  folderId,
  GROUP_ROOT,
  NETWORK_ROOT,
  OTHER_ID,
  ok,
  SESSION,
  stubApi,
  summary,
} from '../testing/fixtures.ts';
import { FilesTable } from './files-table.tsx';

const SOURCE = folderId(99);
const REPORT = file({ id: fileId(1), name: 'report.pdf' });
const LOCKED = file({
  id: fileId(2),
  name: 'budget.xlsx',
  lockedUntil: '2099-01-02T10:00:00.000Z',
  lockedById: OTHER_ID,
});
const FINAL = file({ id: fileId(3), name: 'contract.pdf', finalizedAt: '2026-03-01T10:00:00.000Z' });
const NOT_MINE = file({
  id: fileId(4),
  name: 'notes.txt',
  can: { destroy: false, lock: false, update: false, review: false },
});
const PLANS = summary({ id: folderId(1), name: 'Plans', total_files_count: 2 });

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

function renderTable(answers: Parameters<typeof stubApi>[0] = {}, files = [REPORT, LOCKED, FINAL, NOT_MINE]) {
  const calls = stubApi({ 'GET /api/v1/session': ok(SESSION), ...answers });
  renderUi(<FilesTable folderId={SOURCE} subfolders={[PLANS]} files={files} />);
  return calls;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const select = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

describe('the files table', { timeout: 20_000 }, () => {
  it('lists folders before files with their sizes, dates and the lock and final marks', async () => {
    renderTable();
    const table = await screen.findByRole('table', { name: 'Folders and files' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual([
      'Plans',
      'report.pdf',
      'budget.xlsx',
      'contract.pdf',
      'notes.txt',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/files/folders/${PLANS.id}`);
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/files/${REPORT.id}`);
    expect(rows[1]!.textContent).toContain('2\u00a0kB');
    expect(rows[1]!.textContent).toContain('05.03.2026');
    await waitFor(() => expect(within(rows[2]!).getByLabelText(/^Locked until 0?2\.01\.2099/)).toBeTruthy());
    expect(within(rows[3]!).getByTestId('finalized-icon')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('locked-icon')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shortens long names in the middle', async () => {
    const long = `${'a'.repeat(60)}-${'b'.repeat(60)}.pdf`;
    renderTable({}, [file({ id: fileId(5), name: long })]);
    const link = await screen.findByRole('link', { name: /a+…b+\.pdf/ });
    expect(Array.from(link.textContent!)).toHaveLength(71);
    expect(link.getAttribute('title')).toBe(long);
  });

  it('enables the toolbar with a selection and keeps move and delete off for locked, finalized and foreign items', async () => {
    renderTable();
    await screen.findByRole('table');
    expect(button('Move').disabled).toBe(true);
    expect(button('Delete').disabled).toBe(true);
    expect(button('Download as zip').disabled).toBe(true);

    select('report.pdf');
    select('Plans');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await waitFor(() => expect(button('Move').disabled).toBe(false));
    expect(button('Delete').disabled).toBe(false);
    expect(button('Download as zip').disabled).toBe(false);

    for (const name of ['budget.xlsx', 'contract.pdf', 'notes.txt']) {
      select(name);
      expect(button('Move').disabled).toBe(true);
      expect(button('Delete').disabled).toBe(true);
      expect(button('Download as zip').disabled).toBe(false);
      expect(screen.getByText(/cannot be moved or deleted/)).toBeTruthy();
      select(name);
      expect(button('Move').disabled).toBe(false);
    }
  });

  it('moves the selection into a folder chosen in the picker', async () => {
    const calls = renderTable({
      'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
      [`GET /api/storage/folders/${GROUP_ROOT.id}?limit=1000`]: ok(
        folder({ ...GROUP_ROOT, subfolders: [summary({ id: folderId(7), name: 'Archive' })] }),
      ),
      'POST /api/storage/files/move': ok({ done: { file_ids: [REPORT.id], folder_ids: [] }, refused: [] }),
    });
    await screen.findByRole('table');
    select('report.pdf');
    fireEvent.click(button('Move'));
    const dialog = await screen.findByRole('dialog', { name: 'Move to folder' });
    expect((within(dialog).getByRole('button', { name: 'Move here' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: /Files of Engineering/ }));
    expect(await within(dialog).findByRole('button', { name: /Archive/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('Moved.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/storage/files/move')?.body).toEqual({
      file_ids: [REPORT.id],
      source_folder_id: SOURCE,
      target_folder_id: GROUP_ROOT.id,
    });
  });

  it('selects everything at once', async () => {
    renderTable();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('5 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.queryByText('5 selected')).toBeNull();
  });

  it('deletes the selection after confirming and names the refused items in a toast', async () => {
    const calls = renderTable({
      'DELETE /api/storage/files': ok({
        done: { file_ids: [], folder_ids: [] },
        refused: [{ id: REPORT.id, type: 'file', reason: 'locked' }],
      }),
      'DELETE /api/storage/folders': ok({ done: { file_ids: [], folder_ids: [PLANS.id] }, refused: [] }),
    });
    await screen.findByRole('table');
    select('report.pdf');
    select('Plans');
    fireEvent.click(button('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the 2 selected items?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Not done for: report.pdf (locked)')).toBeTruthy();
    expect(await screen.findByText('Deleted.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE' && c.path === '/api/storage/files')?.body).toEqual({
      file_ids: [REPORT.id],
      source_folder_id: SOURCE,
    });
    expect(calls.find((c) => c.method === 'DELETE' && c.path === '/api/storage/folders')?.body).toEqual({
      folder_ids: [PLANS.id],
      source_folder_id: SOURCE,
    });
  });

  it('shows loading and the empty states', async () => {
    stubApi({ 'GET /api/v1/session': ok(SESSION) });
    const { unmount } = renderUi(<FilesTable folderId={SOURCE} subfolders={[]} files={[]} loading />);
    expect(screen.getByText('Loading files …')).toBeTruthy();
    unmount();
    const empty = renderUi(<FilesTable folderId={SOURCE} subfolders={[]} files={[]} emptyText="empty" />);
    expect(screen.getByText('No files yet.')).toBeTruthy();
    empty.unmount();
    renderUi(<FilesTable folderId={SOURCE} subfolders={[]} files={[]} />);
    expect(screen.getByText('This folder is empty.')).toBeTruthy();
  });

  it('adds the extra columns others give it', async () => {
    stubApi({ 'GET /api/v1/session': ok(SESSION) });
    renderUi(
      <FilesTable
        folderId={SOURCE}
        subfolders={[]}
        files={[REPORT]}
        extraColumns={[{ key: 'status', label: 'Status', render: (entry) => `status of ${entry.name}` }]}
      />,
    );
    expect(await screen.findByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.getByText('status of report.pdf')).toBeTruthy();
  });
});
