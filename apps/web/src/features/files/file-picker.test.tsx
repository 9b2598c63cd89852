import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FileEntry } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { renderUi } from '../../ui/testing.tsx';
import { FilePicker } from './file-picker.tsx';
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
} from './testing/fixtures.ts';

const PLANS = summary({ id: folderId(1), name: 'Plans', parent_folder_id: NETWORK_ROOT.id });
const REPORT = file({ id: fileId(1), name: 'report.pdf' });
const BUDGET = file({ id: fileId(2), name: 'budget.xlsx' });
const NOTES = file({ id: fileId(3), name: 'notes.txt' });

function stub() {
  return stubApi({
    'GET /api/v1/session': ok(SESSION),
    'GET /api/storage/folders/roots': ok({ network: NETWORK_ROOT, groups: [GROUP_ROOT] }),
    [`GET /api/storage/folders/${NETWORK_ROOT.id}?limit=1000`]: ok(
      folder({
        ...NETWORK_ROOT,
        folder_path: [{ id: NETWORK_ROOT.id, name: 'root' }],
        subfolders: [PLANS],
        files: [REPORT],
      }),
    ),
    [`GET /api/storage/folders/${PLANS.id}?limit=1000`]: ok(
      folder({
        ...PLANS,
        folder_path: [
          { id: NETWORK_ROOT.id, name: 'root' },
          { id: PLANS.id, name: 'Plans' },
        ],
        files: [BUDGET, NOTES],
      }),
    ),
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the file picker', { timeout: 30_000 }, () => {
  it('browses from the roots and returns the files chosen in several folders', async () => {
    stub();
    let picked: FileEntry[] = [];
    renderUi(<FilePicker opened onClose={() => {}} onPick={(files) => (picked = files)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose files' });
    expect(await within(dialog).findByRole('button', { name: /Open folder Files of Engineering/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Open folder Network files/ }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose report.pdf' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open folder Plans' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose budget.xlsx' }));
    expect(within(dialog).getByText('2 files chosen')).toBeTruthy();

    // Back up through the breadcrumb: the choice stays.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Network files' }));
    expect(
      ((await within(dialog).findByRole('checkbox', { name: 'Choose report.pdf' })) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(picked.map((entry) => entry.name)).toEqual(['report.pdf', 'budget.xlsx']));
  });

  it('keeps one file where only one may be chosen, and chooses nothing before a tick', async () => {
    stub();
    let picked: FileEntry[] = [];
    renderUi(<FilePicker opened single onClose={() => {}} onPick={(files) => (picked = files)} />);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Choose' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Open folder Network files/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open folder Plans' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose budget.xlsx' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Choose notes.txt' }));
    expect(within(dialog).getByText('1 file chosen')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(picked.map((entry) => entry.name)).toEqual(['notes.txt']));
  });
});
