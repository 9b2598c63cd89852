import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentAction } from '@agora/contracts';
import { Route, Routes } from 'react-router';
import { i18n } from '../../i18n/index.ts';
import { networkShell } from '../../testing/network-shell.ts';
import { renderUi } from '../../ui/testing.tsx';
import { DocumentHostPage, OFFICE_FRAME } from './document-host-page.tsx';
import { OfficeActions } from './office-actions.tsx';
import { file, fileId, ok, OTHER_ID, SESSION, stubApi } from './testing/fixtures.ts';

const DOC = file({ id: fileId(1), name: 'minutes.docx' });
const ACTIONS = `/files/${DOC.id}/wopi/actions`;
const withOffice = (enabled: boolean) => {
  const network = networkShell();
  return { ...network, config: { ...network.config, office_documents: { enabled } } };
};
const actions = (edit: boolean): DocumentAction[] => [
  { action: 'view', app: 'Word', authorized: true },
  { action: 'edit', app: 'Word', authorized: edit },
  { action: 'review', app: 'Word', authorized: true },
];

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('office document actions', { timeout: 20_000 }, () => {
  it('hides review when editing is allowed, and opens each action in a new tab', async () => {
    stubApi({ 'GET /api/v1/network': ok(withOffice(true)), [`GET ${ACTIONS}`]: ok(actions(true)) });
    renderUi(<OfficeActions file={DOC} />);
    const edit = await screen.findByRole('link', { name: 'Edit in the browser' });
    expect(edit.getAttribute('href')).toBe(`/files/${DOC.id}/wopi/host/edit`);
    expect(edit.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'View in the browser' })).toBeTruthy();
    expect(screen.queryByText('Review in the browser')).toBeNull();
  });

  it('keeps review where editing is not allowed', async () => {
    stubApi({ 'GET /api/v1/network': ok(withOffice(true)), [`GET ${ACTIONS}`]: ok(actions(false)) });
    renderUi(<OfficeActions file={DOC} />);
    expect(await screen.findByRole('link', { name: 'Review in the browser' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Edit in the browser' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('allows only viewing while the file is locked by someone else, and says why', async () => {
    stubApi({ 'GET /api/v1/network': ok(withOffice(true)), [`GET ${ACTIONS}`]: ok(actions(false)) });
    const locked = {
      ...DOC,
      lockedUntil: '2099-01-01T00:00:00.000Z',
      lockedById: OTHER_ID,
      can: { destroy: false, lock: false, update: false, review: false },
    };
    renderUi(<OfficeActions file={locked} />);
    expect(await screen.findByRole('link', { name: 'View in the browser' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Review in the browser' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The file is locked: it can only be viewed.')).toBeTruthy();
  });

  it('disables changing actions of a final file', async () => {
    stubApi({ 'GET /api/v1/network': ok(withOffice(true)), [`GET ${ACTIONS}`]: ok(actions(true)) });
    renderUi(<OfficeActions file={{ ...DOC, finalizedAt: '2026-03-01T00:00:00.000Z' }} />);
    expect(await screen.findByRole('link', { name: 'View in the browser' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Edit in the browser' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The file is final: it can only be viewed.')).toBeTruthy();
  });

  it('asks nothing where the network has no office server', async () => {
    const calls = stubApi({ 'GET /api/v1/network': ok(withOffice(false)), [`GET ${ACTIONS}`]: ok(actions(true)) });
    renderUi(<OfficeActions file={DOC} />);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/network')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === ACTIONS)).toBe(false);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the office editor host page', { timeout: 20_000 }, () => {
  it('posts the access token into the office frame, passing show_review_changes on', async () => {
    const submitted: HTMLFormElement[] = [];
    HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
      submitted.push(this);
    };
    const calls = stubApi({
      'GET /api/v1/session': ok(SESSION),
      [`GET /api/storage/files/${DOC.id}/wopi/host/edit?show_review_changes=true`]: ok({
        url: 'https://office.example.org/edit?WOPISrc=x',
        access_token: 'secret-token',
        access_token_ttl: 1_900_000_000_000,
        file_name: 'minutes.docx',
        show_review_changes: true,
      }),
    });
    renderUi(
      <Routes>
        <Route path="/files/:fileId/:type/host/:action" element={<DocumentHostPage />} />
      </Routes>,
      { path: `/files/${DOC.id}/wopi/host/edit?show_review_changes` },
    );
    const frame = await screen.findByTitle('minutes.docx');
    expect(frame.getAttribute('name')).toBe(OFFICE_FRAME);
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0]!;
    expect(form.getAttribute('action')).toBe('https://office.example.org/edit?WOPISrc=x');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('target')).toBe(OFFICE_FRAME);
    expect(new FormData(form).get('access_token')).toBe('secret-token');
    expect(new FormData(form).get('access_token_ttl')).toBe('1900000000000');
    expect(calls.some((call) => call.path.includes('show_review_changes=true'))).toBe(true);

    // Once the editor has loaded the document, the page asks it to show the tracked changes.
    const editor = { postMessage: vi.fn() };
    const tell = (origin: string, status: string) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: editor as unknown as Window,
          data: JSON.stringify({ MessageId: 'App_LoadingStatus', Values: { Status: status } }),
        }),
      );
    tell('https://elsewhere.example.org', 'Document_Loaded');
    expect(editor.postMessage).not.toHaveBeenCalled();
    tell('https://office.example.org', 'Frame_Ready');
    tell('https://office.example.org', 'Document_Loaded');
    const sent = editor.postMessage.mock.calls.map(([data, origin]) => [JSON.parse(data as string), origin]);
    expect(sent).toEqual([
      [{ MessageId: 'Host_PostmessageReady' }, 'https://office.example.org'],
      [
        expect.objectContaining({
          MessageId: 'Send_UNO_Command',
          Values: expect.objectContaining({ Command: '.uno:ShowTrackedChanges' }),
        }),
        'https://office.example.org',
      ],
    ]);
  });
});
