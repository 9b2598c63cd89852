import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { file, fileId, folder, folderId, ok, SESSION, stubApi } from '../testing/fixtures.ts';
import { EditFolderPage, NewFolderPage } from './folder-form-page.tsx';
import { NewVersionPage } from './new-version-page.tsx';

const PLANS = folder({ id: folderId(1), name: 'Plans', requires_approval: true });
const DRAFTS = folder({ id: folderId(2), name: 'Drafts', folder_path: [{ id: PLANS.id, name: 'Plans' }] });
const REPORT = file({ id: fileId(1), name: 'report.pdf', folder_ids: [PLANS.id] });
const UPLOAD_ID = 'u'.repeat(24);

let restore: () => void = () => undefined;
beforeEach(async () => {
  clearToasts();
  restore = FakeXhr.install();
  await i18n.changeLanguage('en');
});
afterEach(() => restore());

function renderAt(path: string, answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /api/v1/session': ok(SESSION),
    [`GET /api/storage/folders/${PLANS.id}?limit=1000`]: ok(PLANS),
    [`GET /api/storage/folders/${DRAFTS.id}?limit=1000`]: ok(DRAFTS),
    [`POST /api/storage/folders/${DRAFTS.id}/read`]: ok(),
    ...answers,
  });
  renderUi(
    <Routes>
      <Route path="/files/folders/new" element={<NewFolderPage />} />
      <Route path="/files/folders/:folderId/edit" element={<EditFolderPage />} />
      <Route path="/files/:fileId/versions/new" element={<NewVersionPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path },
  );
  return calls;
}

describe('the folder forms', { timeout: 20_000 }, () => {
  it('makes a subfolder of the given folder and opens it', async () => {
    const calls = renderAt(`/files/folders/new?folder_id=${PLANS.id}`, {
      'POST /api/storage/folders': { status: 201, body: DRAFTS },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: ' Drafts ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The folder has been created.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/storage/folders')?.body).toMatchObject({
      folder: { name: 'Drafts', description: '', requires_approval: true, parent_folder_id: PLANS.id },
    });
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('changes a folder’s name and description', async () => {
    const calls = renderAt(`/files/folders/${DRAFTS.id}/edit`, {
      [`PUT /api/storage/folders/${DRAFTS.id}`]: ok({ ...DRAFTS, name: 'Old drafts' }),
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Drafts');
    fireEvent.change(name, { target: { value: 'Old drafts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The folder has been saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      folder: { name: 'Old drafts', description: '' },
    });
  });
});

describe('the new version form', { timeout: 20_000 }, () => {
  it('says that a version in a folder with approval waits for a reviewer', async () => {
    const calls = renderAt(`/files/${REPORT.id}/versions/new`, {
      [`GET /api/storage/files/${REPORT.id}`]: ok(REPORT),
      [`POST /api/storage/files/${REPORT.id}/versions`]: ok({
        file: REPORT,
        pending_version: {
          id: 'p'.repeat(24),
          original_filename: 'report-v2.pdf',
          extension: 'pdf',
          size: 3,
          created_at: '2026-03-06T09:00:00.000Z',
          author_name: 'Max Member',
          description: '',
          url: '',
        },
      }),
    });
    expect(await screen.findByText(/New versions in this folder need approval/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload version' }));
    expect(await screen.findByText('Choose a file.')).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['pdf'], 'report-v2.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const save = screen.getByRole('button', { name: 'Upload version' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    act(() =>
      FakeXhr.requests[0]!.respond(201, {
        id: UPLOAD_ID,
        name: 'report-v2.pdf',
        type: 'application/pdf',
        size: 3,
        extension: 'pdf',
        external_id: null,
        state: 'volatile',
        token: null,
        created_at: '2026-03-01T00:00:00.000Z',
      }),
    );
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('The new version waits for approval by a reviewer.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/versions'))?.body).toEqual({
      upload_id: UPLOAD_ID,
      description: '',
    });
  });
});
