import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { confirm, ConfirmDialog } from './confirm-dialog.tsx';
import { renderUi } from './testing.tsx';

async function ask(options: Parameters<typeof confirm>[0]) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(options);
  });
  const dialog = await screen.findByRole('dialog');
  return { answer, dialog };
}

describe('confirm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('answers true when confirmed, with the focus starting on confirm', async () => {
    renderUi(<p>page</p>);
    const { answer, dialog } = await ask({ message: 'Termin speichern?', confirmLabel: 'Speichern' });
    expect(dialog.textContent).toContain('Sind Sie sicher?');
    expect(dialog.textContent).toContain('Termin speichern?');
    const confirmButton = screen.getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(document.activeElement).toBe(confirmButton));
    fireEvent.click(confirmButton);
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('answers false when canceled', async () => {
    renderUi(<p>page</p>);
    const { answer } = await ask({ title: 'Löschen', message: 'Wirklich löschen?' });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await expect(answer).resolves.toBe(false);
  });

  it('answers false on Escape', async () => {
    renderUi(<p>page</p>);
    const { answer, dialog } = await ask({ message: 'Wirklich?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('confirms on Enter outside the buttons', async () => {
    renderUi(<p>page</p>);
    const { answer } = await ask({ message: 'Wirklich?' });
    fireEvent.keyDown(screen.getByText('Wirklich?'), { key: 'Enter' });
    await expect(answer).resolves.toBe(true);
  });

  it('starts on cancel and paints confirm red for a dangerous action', async () => {
    renderUi(<p>page</p>);
    const { answer } = await ask({ message: 'Gruppe löschen?', confirmLabel: 'Löschen', danger: true });
    const cancel = screen.getByRole('button', { name: 'Abbrechen' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getByRole('button', { name: 'Löschen' }).getAttribute('style') ?? '').toContain('red');
    fireEvent.click(cancel);
    await expect(answer).resolves.toBe(false);
  });
});

describe('ConfirmDialog', () => {
  it('calls back for confirm and cancel', async () => {
    await i18n.changeLanguage('en');
    const onConfirm = vi.fn();
    function Page() {
      const [opened, setOpened] = useState(true);
      return (
        <ConfirmDialog
          opened={opened}
          message="Leave the group?"
          onConfirm={onConfirm}
          onCancel={() => setOpened(false)}
        />
      );
    }
    renderUi(<Page />);
    expect((await screen.findByRole('dialog')).textContent).toContain('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
