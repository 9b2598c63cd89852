import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { NewMemberPage } from './new-member-page.tsx';

const OPTIONS = 'GET /administration/members/options';
const options = (guests: boolean) => ({
  status: 200,
  body: { guest_users_allowed: guests, membership_roles_enabled: true, roles: [] },
});

function fill() {
  fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'nora@example.test' } });
  fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Nora' } });
  fireEvent.change(screen.getByLabelText(/Nachname/), { target: { value: 'Neu' } });
}

describe('the new member page', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('hides the password when the welcome mail is ticked and sends none', async () => {
    const calls = stubFetch({
      [OPTIONS]: options(true),
      'POST /administration/members': { status: 201, body: { id: 'a'.repeat(24), name: 'Nora Neu' } },
    });
    const { router } = renderUi(<NewMemberPage />, { path: '/administration/members/new' });
    expect(await screen.findByRole('checkbox', { name: /Externes Mitglied/ })).toBeTruthy();
    fill();
    expect(screen.getByLabelText(/^Passwort/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Willkommens-E-Mail senden/ }));
    expect(screen.queryByLabelText(/^Passwort/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Abteilung'), { target: { value: 'Vertrieb' } });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Mitglied anlegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/administration/members/${'a'.repeat(24)}/edit`));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      user: {
        email: 'nora@example.test',
        first_name: 'Nora',
        last_name: 'Neu',
        password: null,
        send_welcome_mail: true,
        is_external: false,
        profile: { department: 'Vertrieb' },
      },
    });
    expect(await screen.findByText('Nora Neu ist jetzt Mitglied.')).toBeTruthy();
  });

  it("marks the server's refusals on their fields, and offers no external member where guests are not allowed", async () => {
    stubFetch({
      [OPTIONS]: options(false),
      'POST /administration/members': { status: 422, body: { errors: { email: ['taken'], password: ['too_short'] } } },
    });
    renderUi(<NewMemberPage />, { path: '/administration/members/new' });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Externes Mitglied/ })).toBeNull());
    fill();
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mitglied anlegen' }));
    expect(await screen.findByText('Diese Adresse gehört schon einem Mitglied')).toBeTruthy();
    expect(screen.getByLabelText(/E-Mail-Adresse/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Zu kurz.')).toBeTruthy();
  });
});
