import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FolderExport } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { clearToasts, renderUi } from '../../ui/testing.tsx';
import { ExportPanel } from './export-panel.tsx';
import { folderId, ok, SESSION, stubApi } from './testing/fixtures.ts';

const FOLDER = folderId(1);
const PATH = `/api/storage/folders/${FOLDER}/export`;

function job(overrides: Partial<FolderExport>): FolderExport {
  return {
    id: 'x'.repeat(24),
    status: 'initialized',
    progress: 0,
    createdAt: '2026-03-08T09:15:00.000Z',
    error: null,
    files: [],
    ...overrides,
  };
}

const FINISHED = job({
  status: 'finished',
  progress: 100,
  files: [{ id: 'z'.repeat(24), extension: 'zip', fileUrl: '/exports/a.zip', downloadUrl: '/exports/a.zip?download' }],
});

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

describe('a folder export', { timeout: 20_000 }, () => {
  it('starts, shows its progress while it runs (asking every 2 s) and then its downloads', async () => {
    const answers = [job({ status: 'in_progress', progress: 40 }), FINISHED];
    const calls = stubApi({
      'GET /api/v1/session': ok(SESSION),
      [`GET ${PATH}`]: () =>
        calls.some((call) => call.method === 'POST')
          ? ok(answers.shift() ?? FINISHED)
          : { status: 404, body: { error: 'not_found' } },
      [`POST ${PATH}`]: { status: 201, body: job({}) },
    });
    renderUi(<ExportPanel folderId={FOLDER} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('The export is being prepared …')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('40 % done', {}, { timeout: 5000 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Download (ZIP)' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/exports/a.zip?download');
    expect(screen.getByText(/^Export of 08\.03\.2026 \d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate new export' })).toBeTruthy();
  });

  it('offers a new export after a failed one, with the failure text', async () => {
    const calls = stubApi({
      'GET /api/v1/session': ok(SESSION),
      [`GET ${PATH}`]: ok(job({ status: 'failed', error: 'export_failed' })),
      [`POST ${PATH}`]: { status: 201, body: job({}) },
    });
    renderUi(<ExportPanel folderId={FOLDER} />);
    expect(await screen.findByText('The export failed. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate new export' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === PATH)).toBe(true));
  });
});
