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

  it('tells what went wrong and tries again', () => {
    const refetch = vi.fn();
    renderUi(<ErrorRow error={new ApiError(403, { error: 'forbidden' })} onRetry={refetch} />);
    expect(screen.getByRole('alert').textContent).toBe('Dazu fehlt Ihnen die Berechtigung.');
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(refetch).toHaveBeenCalledWith();
  });

  it('falls back to the generic error', () => {
    renderUi(<ErrorRow error={new ApiError(500, null)} />);
    expect(screen.getByRole('alert').textContent).toContain('Etwas ist schiefgegangen');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
