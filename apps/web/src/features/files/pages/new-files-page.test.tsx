import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
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
import { NewFilesPage } from './new-files-page.tsx';

const PLANS = folder({ id: folderId(1), name: 'Plans' });
const ARCHIVE = summary({ id: folderId(2), name: 'Archive' });
const UPLOAD_ID = 'u'.repeat(24);

let restore: () => void = () => undefined;
beforeEach(async () => {
  clearToasts();
  restore = FakeXhr.install();
  await i18n.changeLanguage('en');
});
afterEach(() => restore());

function renderForm(path = `/files/new?folder_id=${PLANS.id}`, answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/v1/session': ok(SESSION),
    [`GET /api/storage/folders/${PLANS.id}?limit=1000`]: ok(PLANS),
    'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
    [`GET /api/storage/folders/${NETWORK_ROOT.id}?limit=1000`]: ok(folder({ ...NETWORK_ROOT, subfolders: [ARCHIVE] })),
    [`GET /api/storage/folders/${GROUP_ROOT.id}?limit=1000`]: ok(folder(GROUP_ROOT)),
    [`GET /api/storage/folders/${ARCHIVE.id}?limit=1000`]: ok(folder(ARCHIVE)),
    'POST /api/v1/files': ok({ files: [file({ id: fileId(1), name: 'plan.pdf' })] }),
    ...answers,
  });
  renderUi(
    <Routes>
      <Route path="/files/new" element={<NewFilesPage />} />
      <Route path="/groups/:groupSlug/files/new" element={<NewFilesPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path },
  );
  return calls;
}

function chooseFile() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['pdf'], 'plan.pdf', { type: 'application/pdf' })] } });
}

function finishUpload() {
  act(() =>
    FakeXhr.requests[0]!.respond(201, {
      id: UPLOAD_ID,
      name: 'plan.pdf',
      type: 'application/pdf',
      size: 3,
      extension: 'pdf',
      external_id: null,
      state: 'volatile',
      token: null,
      created_at: '2026-03-01T00:00:00.000Z',
    }),
  );
}

const save = () => screen.getByRole('button', { name: 'Add files' }) as HTMLButtonElement;

describe('the new files form', { timeout: 20_000 }, () => {
  it('asks for at least one file', async () => {
    const calls = renderForm();
    await screen.findByRole('heading', { name: 'Add files', level: 1 });
    fireEvent.click(save());
    expect(await screen.findByText('Choose at least one file.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/files')).toBe(false);
  });

  it('keeps the default folder, adds others once, and saves once every upload is done', async () => {
    const calls = renderForm();
    await screen.findByRole('heading', { name: 'Add files', level: 1 });
    const folders = screen.getAllByRole('list').find((list) => list.textContent?.includes('Plans'))!;
    expect(within(folders).queryByRole('button', { name: 'Remove Plans' })).toBeNull();
    expect(within(folders).getByText(/it stays/)).toBeTruthy();

    // Another folder through the picker: network root, then Archive.
    const pick = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a folder' });
      fireEvent.click(await within(dialog).findByRole('button', { name: /Network files/ }));
      fireEvent.click(await within(dialog).findByRole('button', { name: /Archive/ }));
      await waitFor(() => expect(within(dialog).getByTestId('folder-picker-current').textContent).toBe('Archive'));
      const choose = within(dialog).getByRole('button', { name: 'Choose this folder' }) as HTMLButtonElement;
      await waitFor(() => expect(choose.disabled).toBe(false));
      fireEvent.click(choose);
    };
    await pick();
    expect(await screen.findByRole('button', { name: 'Remove Archive' })).toBeTruthy();
    await pick();
    expect(await screen.findByText('This folder is chosen already.')).toBeTruthy();
    expect(screen.getAllByText('Archive')).toHaveLength(1);

    chooseFile();
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(screen.getByText('Wait until every file has been uploaded.')).toBeTruthy();
    finishUpload();
    await waitFor(() => expect(save().disabled).toBe(false));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Post to the stream' }));
    fireEvent.click(save());
    expect(await screen.findByText('The file has been added.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/files')?.body).toEqual({
      files: [UPLOAD_ID],
      folder_ids: [PLANS.id, ARCHIVE.id],
      description: '',
      post_to_stream: true,
    });
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it("takes the group's root when no folder is given", async () => {
    renderForm('/groups/engineering/files/new');
    await screen.findByRole('heading', { name: 'Add files', level: 1 });
    expect(await screen.findByText('Files of Engineering')).toBeTruthy();
  });
});
