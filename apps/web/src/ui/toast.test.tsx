import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { clearToasts, renderUi } from './testing.tsx';
import { showToast, TOAST_AUTO_CLOSE_MS } from './toast.tsx';

describe('showToast', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the translated message key in green for success', async () => {
    renderUi(<p>page</p>);
    act(() => void showToast('saving_successful'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Erfolgreich gespeichert.');
    expect(toast.getAttribute('style') ?? '').toContain('green');
    expect(screen.getByRole('button', { name: 'Meldung schließen' })).toBeTruthy();
  });

  it('shows failure keys in red', async () => {
    renderUi(<p>page</p>);
    act(() => void showToast('saving_failure'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Speichern fehlgeschlagen.');
    expect(toast.getAttribute('style') ?? '').toContain('red');
  });

  it('takes other translation keys and plain sentences', async () => {
    renderUi(<p>page</p>);
    act(() => {
      showToast('common:errors.forbidden', { kind: 'error' });
      showToast('Link kopiert', { kind: 'info' });
    });
    expect(await screen.findByText('Dazu fehlt Ihnen die Berechtigung.')).toBeTruthy();
    expect(screen.getByText('Link kopiert')).toBeTruthy();
  });

  it('disappears after 5 seconds', async () => {
    vi.useFakeTimers();
    renderUi(<p>page</p>);
    act(() => void showToast('deleting_successful'));
    expect(screen.getByText('Erfolgreich gelöscht.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_AUTO_CLOSE_MS - 500);
    });
    expect(screen.queryByText('Erfolgreich gelöscht.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByText('Erfolgreich gelöscht.')).toBeNull();
  });

  it('replaces a toast with the same id instead of stacking', async () => {
    renderUi(<p>page</p>);
    act(() => {
      showToast('saving_failure', { id: 'save' });
      showToast('saving_failure', { id: 'save' });
    });
    expect(await screen.findAllByText('Speichern fehlgeschlagen.')).toHaveLength(1);
  });
});
