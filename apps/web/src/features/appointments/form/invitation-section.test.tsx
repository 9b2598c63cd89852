import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DirectoryGroupOption, DirectoryRoleOption, MemberOption } from '@agora/contracts';
import { CALENDAR_ID, appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { SAVED_ID, field, maybeField, open, ready, saveButton, useFormTestSetup } from '../testing/form-harness.tsx';
import { invitationBody, NO_INVITATION } from './invitation-section.tsx';

const clara: MemberOption = {
  id: 'c'.repeat(24),
  displayName: 'Clara Kollegin',
  images: { small: null },
  is_external: false,
};
const board: DirectoryGroupOption = {
  type: 'group',
  id: 'd'.repeat(24),
  slug: 'vorstand',
  name: 'Vorstand',
  category: { id: 'e'.repeat(24), name: 'Teams' },
  chat_enabled: true,
};
const wardens: DirectoryRoleOption = {
  type: 'membership_role',
  id: 'a'.repeat(24),
  slug: 'brandschutz',
  name: 'Brandschutz',
  plural_name: 'Brandschutzhelfer',
  color: '#c00',
  group: null,
};

const searches = {
  'GET /members?q=Cl': { status: 200, body: { members: [clara], total: 1, limit: 20, offset: 0 } },
  'GET /directory?q=&include_membership_roles=true': {
    status: 200,
    body: { groups: [board], membership_roles: [wardens], limit: 20 },
  },
};

describe('invitationBody', () => {
  it('sends nothing when nobody is chosen', () => {
    expect(invitationBody(NO_INVITATION)).toEqual({});
    expect(invitationBody({ ...NO_INVITATION, sendEmail: true })).toEqual({});
  });

  it('sends the ids of members, groups and roles apart, with the e-mail choice', () => {
    expect(invitationBody({ members: [clara], directory: [board, wardens], sendEmail: true })).toEqual({
      invitation: {
        membership_ids: [clara.id],
        group_ids: [board.id],
        membership_role_ids: [wardens.id],
        send_email_notification: true,
      },
    });
  });
});

// Each test renders the whole form: seconds in jsdom.
describe('appointment form: the invitation section', { timeout: 40_000 }, () => {
  useFormTestSetup();

  // The searches answer after their debounce, while the whole form renders: slow in jsdom.
  const slowly = { timeout: 8000 };

  async function pickInvitees() {
    fireEvent.focus(field('Mitglieder'));
    fireEvent.change(field('Mitglieder'), { target: { value: 'Cl' } });
    fireEvent.click(await screen.findByRole('option', { name: /Clara Kollegin/ }, slowly));
    fireEvent.focus(field('Gruppen und Rollen'));
    fireEvent.click(await screen.findByRole('option', { name: 'Vorstand' }, slowly));
  }

  it('saves the new appointment with whom it invites, in one request', async () => {
    const { calls, router } = open(`/appointments/new?calendar_id=${CALENDAR_ID}`, { answers: searches });
    await ready();
    expect(screen.getByRole('heading', { level: 2, name: 'Einladung' })).toBeTruthy();
    fireEvent.change(field('Name'), { target: { value: 'Auftakt' } });
    await pickInvitees();
    fireEvent.click(field('Per E-Mail benachrichtigen'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${SAVED_ID}`));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { appointment: { name: string }; invitation: unknown };
    expect(body.appointment.name).toBe('Auftakt');
    expect(body.invitation).toEqual({
      membership_ids: [clara.id],
      group_ids: [board.id],
      membership_role_ids: [],
      send_email_notification: true,
    });
  });

  it('sends no invitation when nobody is chosen', async () => {
    const { calls, router } = open(`/appointments/new?calendar_id=${CALENDAR_ID}`);
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Allein' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${SAVED_ID}`));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).not.toHaveProperty('invitation');
  });

  it('marks and names what the server refuses to invite, and a new choice clears the mark', async () => {
    open(`/appointments/new?calendar_id=${CALENDAR_ID}`, {
      answers: {
        ...searches,
        'POST /appointments': { status: 422, body: { errors: { 'invitation.group_ids': ['invalid'] } } },
      },
    });
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Auftakt' } });
    await pickInvitees();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Bitte prüfen Sie: Gruppen und Rollen', {}, slowly)).toBeTruthy();
    expect(field('Gruppen und Rollen').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Vorstand entfernen' }));
    expect(field('Gruppen und Rollen').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('offers the participants page instead when editing', async () => {
    const appointment = appointmentFixture();
    open(`/appointments/${appointment.id}/edit`, {
      answers: { [`GET /appointments/${appointment.id}`]: { status: 200, body: appointment } },
    });
    await ready();
    expect(maybeField('Mitglieder')).toBeNull();
    const link = screen.getByText('Teilnehmende verwalten').closest('a')!;
    expect(link.getAttribute('href')).toBe(`/appointments/${appointment.id}/participants`);
  });
});
