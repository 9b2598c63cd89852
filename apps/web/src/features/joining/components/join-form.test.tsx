import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { JoinForm, type JoinFormProps } from './join-form.tsx';

const base: JoinFormProps = {
  email: { editable: true },
  profileFields: [],
  submitLabel: 'Registrieren',
  pending: false,
  errors: {},
  onSubmit: () => undefined,
};

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('JoinForm', () => {
  beforeEach(() => i18n.changeLanguage('de'));

  it('asks for every field and the password twice alike before sending', async () => {
    const onSubmit = vi.fn();
    renderUi(<JoinForm {...base} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Registrieren' }));
    expect(await screen.findAllByText('Bitte ausfüllen.')).toHaveLength(4);
    type(/^E-Mail-Adresse/, 'neu@example.org');
    type(/^Vorname/, 'Jörg');
    type(/^Nachname/, 'Müller');
    type(/^Passwort \*?$|^Passwort$/, 'kurz');
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText(/zu kurz/i)).toBeTruthy();
    type(/^Passwort \*?$|^Passwort$/, 'a-long-password');
    type(/^Passwort wiederholen/, 'another-password');
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(onSubmit).not.toHaveBeenCalled();
    type(/^Passwort wiederholen/, 'a-long-password');
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'neu@example.org',
      first_name: 'Jörg',
      last_name: 'Müller',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
      profile: {},
    });
  });

  it('shows the invited address read-only, asks an existing account for its password once, and the profile fields asked', async () => {
    const onSubmit = vi.fn();
    renderUi(
      <JoinForm
        {...base}
        email={{ editable: false, value: 'eingeladen@example.org' }}
        initial={{ first_name: 'Zoë', last_name: 'Brändle' }}
        existingAccount
        profileFields={['department', 'phone']}
        submitLabel="Beitreten"
        onSubmit={onSubmit}
      />,
    );
    const email = await screen.findByLabelText(/^E-Mail-Adresse/);
    expect(email).toHaveProperty('readOnly', true);
    expect(screen.queryByLabelText(/^Passwort wiederholen/)).toBeNull();
    type(/^Passwort Ihres Kontos/, 'old');
    type('Abteilung', 'Einkauf');
    expect(screen.getByLabelText('Telefon')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'eingeladen@example.org',
        first_name: 'Zoë',
        password: 'old',
        profile: { department: 'Einkauf' },
      }),
    );
  });

  it('puts the server’s field errors on the fields and waits while not ready', async () => {
    renderUi(<JoinForm {...base} errors={{ email: 'Diese Adresse ist vergeben.' }} ready={false} />);
    expect(await screen.findByText('Diese Adresse ist vergeben.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrieren' })).toHaveProperty('disabled', true);
  });
});
