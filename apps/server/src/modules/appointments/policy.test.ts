import { describe, expect, it } from 'vitest';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { CalendarAccess } from '../calendars/index.ts';
import { DEFAULT_ATTENDEE_CONFIGURATION } from './defaults.ts';
import { appointmentPolicy, type AppointmentSubject } from './policy.ts';

const NETWORK = 'n'.repeat(24);

function actor(values: Partial<Actor> = {}): Actor {
  return {
    userId: 'u',
    membershipId: 'reader',
    networkId: NETWORK,
    isNetworkAdmin: false,
    isExternal: false,
    locale: null,
    sessionId: 's',
    ...values,
  };
}

function calendar(can: Partial<CalendarAccess['can']>): CalendarAccess {
  return {
    id: 'c'.repeat(24),
    networkId: NETWORK,
    type: 'group',
    name: 'Group',
    color: '1971c2',
    parentId: null,
    ownerId: null,
    isDefault: true,
    group: null,
    can: { read: true, update: false, destroy: false, create_appointments: false, ...can },
  };
}

function subject(values: Partial<AppointmentSubject> = {}): AppointmentSubject {
  return {
    networkId: NETWORK,
    authorId: 'author',
    calendars: [calendar({})],
    attendeeConfiguration: DEFAULT_ATTENDEE_CONFIGURATION,
    canceled: false,
    hasMeetingRoom: false,
    attendingCount: 0,
    participantCount: 0,
    participating: false,
    registrationClosed: false,
    over: false,
    retroactiveOpting: false,
    ...values,
  };
}

describe('appointmentPolicy', () => {
  it('lets readers read and answer, nothing more', () => {
    expect(abilities(appointmentPolicy, actor(), subject())).toEqual({
      read: true,
      update: false,
      destroy: false,
      contact: false,
      update_participants: false,
      download_attendees: false,
      opt: true,
      show_attendees: true,
      start_meeting: false,
      create_appointments: false,
    });
  });

  it('gives the author, calendar managers and network admins the management', () => {
    for (const [who, s] of [
      [actor({ membershipId: 'author' }), subject()],
      [actor(), subject({ calendars: [calendar({ update: true })] })],
      [actor({ isNetworkAdmin: true }), subject()],
    ] as const) {
      const can = abilities(appointmentPolicy, who, s);
      expect(can).toMatchObject({ update: true, destroy: true, contact: true, update_participants: true });
      // Nothing to export while nobody takes part.
      expect(can.download_attendees).toBe(false);
      expect(abilities(appointmentPolicy, who, { ...s, participantCount: 2 }).download_attendees).toBe(true);
    }
  });

  it('reads nothing without a readable calendar or in another network', () => {
    expect(
      abilities(
        appointmentPolicy,
        actor({ membershipId: 'author' }),
        subject({ calendars: [calendar({ read: false })] }),
      ).update,
    ).toBe(false);
    expect(
      abilities(appointmentPolicy, actor({ isNetworkAdmin: true, networkId: 'x'.repeat(24) }), subject()).read,
    ).toBe(false);
  });

  it('closes answering when canceled, locked, over (unless the network allows it) or for guests', () => {
    const opt = (s: Partial<AppointmentSubject>, who: Actor = actor()) =>
      abilities(appointmentPolicy, who, subject(s)).opt;
    expect(opt({ canceled: true })).toBe(false);
    expect(opt({ attendeeConfiguration: { ...DEFAULT_ATTENDEE_CONFIGURATION, participation_locked: true } })).toBe(
      false,
    );
    expect(opt({ attendeeConfiguration: { ...DEFAULT_ATTENDEE_CONFIGURATION, user_can_opt: false } })).toBe(false);
    expect(opt({ over: true })).toBe(false);
    expect(opt({ over: true, retroactiveOpting: true })).toBe(true);
    expect(opt({}, actor({ isExternal: true }))).toBe(false);
  });

  it('lets participants and invitees answer where members may not sign up on their own, guests too', () => {
    const opt = (s: Partial<AppointmentSubject>, who: Actor = actor()) =>
      abilities(appointmentPolicy, who, subject(s)).opt;
    const closed = { ...DEFAULT_ATTENDEE_CONFIGURATION, user_can_opt: false };
    expect(opt({ attendeeConfiguration: closed, participating: true })).toBe(true);
    expect(opt({ participating: true }, actor({ isExternal: true }))).toBe(true);
    // Neither canceled nor locked appointments take answers, whoever asks.
    expect(opt({ participating: true, canceled: true })).toBe(false);
    expect(opt({ participating: true, over: true })).toBe(false);
  });

  it('shows attendees only to managers when the appointment says so', () => {
    const hidden = subject({
      attendeeConfiguration: { ...DEFAULT_ATTENDEE_CONFIGURATION, show_participants_to_admins_only: true },
    });
    expect(abilities(appointmentPolicy, actor(), hidden).show_attendees).toBe(false);
    expect(abilities(appointmentPolicy, actor({ membershipId: 'author' }), hidden).show_attendees).toBe(true);
  });

  it('lets create appointments where any of its calendars allows it', () => {
    const s = subject({ calendars: [calendar({}), calendar({ create_appointments: true })] });
    expect(abilities(appointmentPolicy, actor(), s).create_appointments).toBe(true);
  });
});
