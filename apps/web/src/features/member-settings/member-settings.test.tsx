import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MEMBER_SETTINGS, type MemberSettingsAnswer } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { EmailSection, PasswordSection } from './components/registration-sections.tsx';
import { EmailConfirmationPage } from './pages/email-confirmation-page.tsx';
import { MemberSettingsPage } from './pages/member-settings-page.tsx';

const ID = '0123456789abcdef01234567';
const PATH = `/members/${ID}/settings`;
const GROUP = { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Engineering' };

const answer = (over: Partial<MemberSettingsAnswer> = {}): MemberSettingsAnswer => ({
  settings: DEFAULT_MEMBER_SETTINGS,
  email_bounced_at: null,
  groups: [GROUP],
  can: { update: true, admin_notifications: false },
  ...over,
});

const renderPage = (search = '') =>
  renderUi(
    <Routes>
      <Route path="/members/:membershipId/settings/edit" element={<MemberSettingsPage />} />
    </Routes>,
    { path: `/members/${ID}/settings/edit${search}` },
  );

describe('member settings page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('maps the digest switch onto enabled and group_ids and saves with a toast', async () => {
    const calls = stubFetch({
      [`GET ${PATH}`]: { status: 200, body: answer() },
      [`PUT ${PATH}`]: { status: 200, body: answer() },
    });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'E-Mail' })).toBeTruthy();
    // No push tab in the browser, no admin notifications for a member.
    expect(screen.queryByRole('tab', { name: 'Push-Benachrichtigungen' })).toBeNull();
    expect(screen.queryByText('Benachrichtigungen für Administratoren')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    const [digestGroups] = screen.getAllByRole('radio', { name: 'Für ausgewählte Gruppen' });
    fireEvent.click(digestGroups!);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Engineering' }));
    const [, dailyOff] = screen.getAllByRole('radio', { name: 'Aus' });
    fireEvent.click(dailyOff!);
    fireEvent.click(screen.getByRole('switch', { name: /^Benachrichtigungen(?! für)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      settings: {
        ...DEFAULT_MEMBER_SETTINGS,
        email_digests: { enabled: true, group_ids: [GROUP.id], include_network_level: true },
        email_daily_digests: { enabled: false, group_ids: null, include_network_level: true },
        email_notifications: false,
      },
    });
  }, 20_000);

  it('shows a bounced address with notifications off and activates it again', async () => {
    const calls = stubFetch({
      [`GET ${PATH}`]: {
        status: 200,
        body: answer({ email_bounced_at: '2026-03-05T10:00:00Z', can: { update: true, admin_notifications: true } }),
      },
      [`POST ${PATH}/activate_email`]: { status: 200, body: answer() },
    });
    renderPage();
    expect(await screen.findByText(/Seit dem 05\.03\.2026/)).toBeTruthy();
    expect(screen.getByText('Benachrichtigungen für Administratoren')).toBeTruthy();
    const notifications = screen.getByRole('switch', { name: /^Benachrichtigungen(?! für)/ }) as HTMLInputElement;
    expect(notifications.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'E-Mails wieder aktivieren' }));
    expect(await screen.findByText('E-Mails werden wieder an Ihre Adresse gesendet.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/activate_email`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'E-Mails wieder aktivieren' })).toBeNull());
  });

  it('shows a failure toast when saving fails', async () => {
    stubFetch({
      [`GET ${PATH}`]: { status: 200, body: answer() },
      [`PUT ${PATH}`]: { status: 500, body: { error: 'internal' } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('registration sections of /users/edit', () => {
  const REGISTRATION = '/api/v1/users/registration';
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('asks for a new address with the current password and shows it unconfirmed', async () => {
    const calls = stubFetch({
      [`GET ${REGISTRATION}`]: {
        status: 200,
        body: { email: 'max@example.com', unconfirmed_email: null, authentication_token: null },
      },
      [`PUT ${REGISTRATION}`]: {
        status: 200,
        body: { email: 'max@example.com', unconfirmed_email: 'neu@example.com', authentication_token: null },
      },
    });
    renderUi(<EmailSection />, { path: '/users/edit' });
    expect(await screen.findByText('Ihre Adresse: max@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Neue E-Mail-Adresse/), { target: { value: 'neu@example.com' } });
    fireEvent.change(screen.getByLabelText(/Aktuelles Passwort/), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adresse ändern' }));
    expect(await screen.findByText('Wir haben einen Bestätigungslink an die neue Adresse geschickt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      user: { email: 'neu@example.com', current_password: 'geheim' },
    });
    expect(await screen.findByText('Noch nicht bestätigt')).toBeTruthy();
  });

  it('marks a wrong current password when changing the password', async () => {
    stubFetch({
      [`PUT ${REGISTRATION}`]: { status: 422, body: { errors: { current_password: ['invalid'] } } },
    });
    renderUi(<PasswordSection />, { path: '/users/edit' });
    fireEvent.change(await screen.findByLabelText(/Aktuelles Passwort/), { target: { value: 'falsch' } });
    fireEvent.change(screen.getByLabelText(/^Neues Passwort\s*\*?$/), { target: { value: 'ein-neues-passwort' } });
    fireEvent.change(screen.getByLabelText(/Neues Passwort wiederholen/), { target: { value: 'ein-neues-passwort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText(/Aktuelles Passwort/, { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
  });
});

describe('confirmation page of a new address', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('confirms the token of the link only when asked to, and tells an invalid link', async () => {
    const calls = stubFetch({
      'POST /api/v1/users/confirmation': { status: 200, body: { email: 'neu@example.com' } },
    });
    renderUi(<EmailConfirmationPage />, { path: '/users/confirmation?confirmation_token=abc' });
    const button = await screen.findByRole('button', { name: 'Adresse bestätigen' });
    expect(calls).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('Ihre Adresse lautet jetzt neu@example.com.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ confirmation_token: 'abc' });
  });

  it('tells a link without token that it is invalid', async () => {
    renderUi(<EmailConfirmationPage />, { path: '/users/confirmation' });
    expect(await screen.findByText(/ungültig oder abgelaufen/)).toBeTruthy();
  });
});
