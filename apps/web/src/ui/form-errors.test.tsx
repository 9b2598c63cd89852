import { TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { showFormErrors, useFormErrors } from './form-errors.ts';
import { clearToasts, renderUi } from './testing.tsx';

const invalid = new ApiError(422, { errors: { name: ['required'], 'date.start': ['invalid'], end: ['end_lt_start'] } });
const labels = { name: 'Titel', 'date.start': 'Startdatum' };

function Form({ error }: { error: unknown }) {
  const { errors, handle, clear } = useFormErrors({ labels });
  return (
    <form>
      <TextInput label="Titel" error={errors.name} onChange={() => clear('name')} />
      <TextInput label="Startdatum" error={errors['date.start']} />
      <button type="button" onClick={() => handle(error)}>
        Speichern
      </button>
    </form>
  );
}

describe('form errors', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('marks each failed field and lists them in one error toast', async () => {
    renderUi(<Form error={invalid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte prüfen Sie: Titel, Startdatum, End')).toBeTruthy();
    expect(screen.getByLabelText('Titel').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte ausfüllen.')).toBeTruthy();
    expect(screen.getByText('Ungültige Eingabe.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Sommerfest' } });
    expect(screen.getByLabelText('Titel').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Startdatum').getAttribute('aria-invalid')).toBe('true');
  });

  it("passes the fields to a form library's setErrors and returns them", () => {
    renderUi(<p>page</p>);
    const setErrors = vi.fn();
    let errors: Record<string, string> = {};
    act(() => {
      errors = showFormErrors(invalid, { labels, form: { setErrors } });
    });
    expect(errors).toEqual({ name: 'Bitte ausfüllen.', 'date.start': 'Ungültige Eingabe.', end: 'Ungültige Eingabe.' });
    expect(setErrors).toHaveBeenCalledWith(errors);
  });

  it('writes out errors of the whole record', async () => {
    renderUi(<p>page</p>);
    act(() => void showFormErrors(new ApiError(422, { errors: { base: ['forbidden'] } })));
    expect(await screen.findByText('Dazu fehlt Ihnen die Berechtigung.')).toBeTruthy();
  });

  it('falls back to the generic error', async () => {
    renderUi(<p>page</p>);
    act(() => void showFormErrors(new ApiError(500, null)));
    expect((await screen.findByRole('alert')).textContent).toContain('Etwas ist schiefgegangen.');
  });

  it('shows the message of other answers', async () => {
    renderUi(<p>page</p>);
    act(() => void showFormErrors(new ApiError(403, { error: 'forbidden' })));
    expect(await screen.findByText('Dazu fehlt Ihnen die Berechtigung.')).toBeTruthy();
  });
});
