import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { CategoriesEditor } from './categories-editor.tsx';

const TRAINING = { id: 'a'.repeat(24), label: 'Schulung' };
const SPORT = { id: 'b'.repeat(24), label: 'Sport' };
const SAVE = 'PUT /administration/appointment_categories';

function render(answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch(answers);
  const view = renderUi(<CategoriesEditor categories={[TRAINING, SPORT]} />);
  return { ...view, calls };
}

describe('the appointment categories editor', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('adds only a label that is not there yet; add is disabled while empty', async () => {
    render();
    const input = await screen.findByLabelText('Neue Kategorie');
    const add = screen.getByRole('button', { name: 'Hinzufügen' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: ' sport ' } });
    fireEvent.click(add);
    expect(await screen.findByText('Diese Kategorie gibt es bereits.')).toBeTruthy();
    expect(screen.queryByLabelText('Kategorie sport')).toBeNull();
    fireEvent.change(input, { target: { value: 'Messe' } });
    expect(screen.queryByText('Diese Kategorie gibt es bereits.')).toBeNull();
    fireEvent.click(add);
    expect(await screen.findByLabelText('Kategorie Messe')).toBeTruthy();
    expect(input).toHaveProperty('value', '');
    expect(await axeViolations()).toEqual([]);
  });

  it('renames, flags a saved one, removes a new one, and saves the list as a whole', async () => {
    const { calls } = render({ [SAVE]: { status: 200, body: [{ ...TRAINING, label: 'Weiterbildung' }] } });
    const save = await screen.findByRole('button', { name: 'Speichern' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Kategorie Schulung'), { target: { value: 'Weiterbildung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sport löschen' }));
    expect(screen.getByText('1 Kategorie wird beim Speichern gelöscht.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sport behalten' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Neue Kategorie'), { target: { value: 'Entwurf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Entwurf löschen' }));
    expect(screen.queryByLabelText('Kategorie Entwurf')).toBeNull();
    fireEvent.change(screen.getByLabelText('Neue Kategorie'), { target: { value: 'Feier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      categories: [
        { id: TRAINING.id, label: 'Weiterbildung', _destroy: false },
        { id: SPORT.id, label: 'Sport', _destroy: true },
        { id: 'Feier', label: 'Feier', _destroy: false },
      ],
    });
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    expect(screen.queryByLabelText('Kategorie Sport')).toBeNull();
  });

  it('blocks saving while a renamed label is empty or taken', async () => {
    render();
    const training = await screen.findByLabelText('Kategorie Schulung');
    fireEvent.change(training, { target: { value: 'SPORT' } });
    // Both rows of the same label are marked.
    expect(await screen.findAllByText('Diese Kategorie gibt es bereits.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    fireEvent.change(training, { target: { value: '' } });
    expect(await screen.findByText('Bitte einen Namen eingeben.')).toBeTruthy();
  });
});
