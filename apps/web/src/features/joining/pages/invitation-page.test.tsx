import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvitationInfo } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { page, renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

const info: InvitationInfo = {
  email: 'joerg@example.org',
  first_name: 'Jörg',
  last_name: 'Müller',
  network_name: 'Acme Demo',
  groups: [{ id: 'g'.repeat(24), name: 'Engineering', slug: 'engineering' }],
  user_type: 'normal',
  has_account: false,
  ask_for_profile_data: false,
  profile_fields: [],
};

const routes = [page(<InvitationPage />, '/invitations/:token'), page(<p>start page</p>, '/')];

describe('InvitationPage', () => {
  beforeEach(() => i18n.changeLanguage('de'));

  it('shows the invitation and joins with the names and password given', async () => {
    const calls = stubFetch({
      'GET /api/v1/session': { status: 204 },
      'GET /invitations/tok': { status: 200, body: info },
      'POST /invitations/tok': { status: 422, body: { errors: { password: ['too_short'] } } },
    });
    renderRoutes(routes, '/invitations/tok');
    expect(await screen.findByText('Engineering')).toBeTruthy();
    expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Jörg');
    fireEvent.change(screen.getByLabelText(/^Passwort \*?$|^Passwort$/), { target: { value: 'a-long-password' } });
    fireEvent.change(screen.getByLabelText(/^Passwort wiederholen/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(await screen.findByText('Zu kurz.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      user: { first_name: 'Jörg', last_name: 'Müller', password: 'a-long-password', profile: {} },
    });
  });

  it('says when the link is no longer valid', async () => {
    stubFetch({ 'GET /api/v1/session': { status: 204 } });
    renderRoutes(routes, '/invitations/gone');
    await waitFor(() => expect(screen.getByText(/Dieser Einladungslink gilt nicht mehr/)).toBeTruthy());
  });
});
