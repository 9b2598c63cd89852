import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { ErrorRow, LoadingRow } from './rows.tsx';
import { renderUi } from './testing.tsx';

describe('LoadingRow and ErrorRow', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('announces loading', () => {
    renderUi(<LoadingRow />);
    expect(screen.getByRole('status').textContent).toBe('Wird geladen …');
  });

  it('fills a table row', () => {
    const { container } = renderUi(
      <table>
        <tbody>
          <LoadingRow colSpan={3} />
          <ErrorRow error={new Error('x')} colSpan={3} />
        </tbody>
      </table>,
    );
    expect(container.querySelectorAll('td[colspan="3"]')).toHaveLength(2);
  });

  it('tells what went wrong and tries again where that can help', () => {
    const refetch = vi.fn();
    renderUi(<ErrorRow error={new ApiError(503, { error: 'service_unavailable' })} onRetry={refetch} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(refetch).toHaveBeenCalledWith();
  });

  it('offers trying again after a network failure and a rate limit', () => {
    const { unmount } = renderUi(<ErrorRow error={new TypeError('Failed to fetch')} onRetry={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    unmount();
    renderUi(<ErrorRow error={new ApiError(429, { error: 'rate_limited' }, 5)} onRetry={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it.each([401, 403, 404, 410, 422])('never offers trying again after a %i', (status) => {
    renderUi(<ErrorRow error={new ApiError(status, null)} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  it('says the thing is gone, with the ways on, when the caller names it', () => {
    renderUi(<ErrorRow error={new ApiError(404, { error: 'not_found' })} kind="appointment" onRetry={vi.fn()} />, {
      history: ['/notifications'],
      path: '/appointments/gone',
    });
    expect(screen.getByText('Termin nicht gefunden')).toBeTruthy();
    expect(screen.getByText('Diesen Termin gibt es nicht mehr, oder Sie dürfen ihn nicht mehr sehen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    expect(screen.queryByText('Nicht gefunden.')).toBeNull();
  });

  it('says the member lacks the permission on a 403', () => {
    renderUi(<ErrorRow error={new ApiError(403, { error: 'forbidden' })} kind="group" onRetry={vi.fn()} />);
    expect(screen.getByTestId('missing-forbidden')).toBeTruthy();
    expect(screen.getByText('Kein Zugriff')).toBeTruthy();
    // Opened directly there is no page before it: only the start page leads on.
    expect(screen.queryByRole('button', { name: 'Zurück' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  it('falls back to the generic error', () => {
    renderUi(<ErrorRow error={new ApiError(500, null)} />);
    expect(screen.getByRole('alert').textContent).toContain('Etwas ist schiefgegangen');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
