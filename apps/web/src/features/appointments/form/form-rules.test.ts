import { describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { addToDate, nextFullHour, presentedWallClock } from '../lib/wall-clock.ts';
import { appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { validateAppointment } from './form-body.ts';
import {
  addEnd,
  endBeforeStartPart,
  removeEnd,
  setBypassLobby,
  setCustomInterval,
  setFrequency,
  setOnlineMeeting,
  setStart,
  setTeamsSync,
} from './form-rules.ts';
import {
  appointmentValues,
  newAppointmentValues,
  parseNewAppointmentQuery,
  type AppointmentFormValues,
} from './form-values.ts';

const NOW = new Date('2030-03-10T09:20:00Z'); // 10:20 in Berlin

function values(query = ''): AppointmentFormValues {
  return newAppointmentValues({
    now: NOW,
    timeZone: 'Europe/Berlin',
    query: parseNewAppointmentQuery(new URLSearchParams(query)),
    creatableCalendarIds: ['c'.repeat(24), 'd'.repeat(24)],
    currency: '€',
  });
}

const noUploads = { fileIds: [], imageId: null };

describe('wall clock', () => {
  it('finds the next full hour on the zone’s wall clock', () => {
    expect(nextFullHour(NOW, 'Europe/Berlin')).toEqual({ date: '2030-03-10', time: '11:00' });
    expect(nextFullHour(new Date('2030-03-10T22:00:00Z'), 'Europe/Berlin')).toEqual({
      date: '2030-03-11',
      time: '00:00',
    });
    expect(nextFullHour(NOW, 'America/New_York')).toEqual({ date: '2030-03-10', time: '06:00' });
  });

  it('turns presented dates back into the appointment’s wall clock, across daylight saving', () => {
    expect(presentedWallClock('2030-07-01T10:00:00+02:00', 'Europe/Berlin')).toEqual({
      date: '2030-07-01',
      time: '10:00',
    });
    expect(presentedWallClock('2030-01-01T09:00:00Z', 'Europe/Berlin')).toEqual({ date: '2030-01-01', time: '10:00' });
    expect(presentedWallClock('2030-01-01', 'Europe/Berlin')).toEqual({ date: '2030-01-01', time: '' });
  });

  it('adds recurrence intervals, months clamped to their end', () => {
    expect(addToDate('2030-01-31', 'monthly', 1)).toBe('2030-02-28');
    expect(addToDate('2030-01-31', 'daily', 1)).toBe('2030-02-01');
    expect(addToDate('2030-03-10', 'weekly', 2)).toBe('2030-03-24');
    expect(addToDate('2028-02-29', 'yearly', 1)).toBe('2029-02-28');
  });
});

describe('new appointment defaults', () => {
  it('starts at the next full hour and lasts one hour', () => {
    const v = values();
    expect([v.startDate, v.startTime, v.endDate, v.endTime]).toEqual(['2030-03-10', '11:00', '2030-03-10', '12:00']);
    expect(v.frequency).toBe('never');
    expect(v.calendarIds).toEqual([]);
    expect(v.application.currency).toBe('€');
  });

  it('takes the day of ?date= with the next full hour from now, and the other query fields', () => {
    const id = 'c'.repeat(24);
    const v = values(
      `date=2030-05-01&calendar_id=${id}&post_to_stream=true&description=Hallo%20<b>&streams=${'1'.repeat(24)},x`,
    );
    expect([v.startDate, v.startTime, v.endDate, v.endTime]).toEqual(['2030-05-01', '11:00', '2030-05-01', '12:00']);
    expect(v.calendarIds).toEqual([id]);
    expect(v.postToStream).toBe(true);
    expect(v.description).toBe('<p>Hallo &lt;b&gt;</p>');
    expect(v.streamIds).toEqual(['1'.repeat(24)]);
  });

  it('ignores a calendar_id the member may not create appointments in', () => {
    expect(values(`calendar_id=${'9'.repeat(24)}`).calendarIds).toEqual([]);
  });
});

describe('form rules', () => {
  it('moves the end with the start, keeping the duration', () => {
    let v = setStart(values(), { time: '23:30' });
    expect([v.endDate, v.endTime]).toEqual(['2030-03-11', '00:30']);
    v = setStart(v, { date: '2030-03-12' });
    expect([v.startDate, v.endDate, v.endTime]).toEqual(['2030-03-12', '2030-03-13', '00:30']);
  });

  it('removes the end, and adds it back as start plus one hour', () => {
    const removed = removeEnd(values());
    expect([removed.endDate, removed.endTime]).toEqual([null, '']);
    const added = addEnd(setStart(removed, { time: '15:00' }));
    expect([added.endDate, added.endTime]).toEqual(['2030-03-10', '16:00']);
  });

  it('switches from never to custom with days, resets the interval unless custom, and sets the default end', () => {
    let v = setFrequency({ ...values(), unit: 'monthly' }, 'custom');
    expect([v.unit, v.interval]).toEqual(['daily', 1]);
    expect(v.recurrenceEnd).toBe('2030-03-11');
    v = setCustomInterval(v, { interval: 3, unit: 'weekly' });
    expect(v.recurrenceEnd).toBe('2030-03-31');
    // An end the member chose stays when the interval changes.
    v = setCustomInterval({ ...v, recurrenceEnd: '2030-12-31' }, { interval: 4 });
    expect(v.recurrenceEnd).toBe('2030-12-31');
    // A new frequency replaces the end with its own default and resets the interval.
    v = setFrequency(v, 'weekly');
    expect([v.interval, v.recurrenceEnd]).toEqual([1, '2030-03-17']);
    v = setFrequency(v, 'monthly');
    expect(v.recurrenceEnd).toBe('2030-04-10');
    v = setFrequency(v, 'never');
    expect(v.recurrenceEnd).toBeNull();
  });

  it('applies the Teams rules: sync forces no recurrence and an online meeting; a recurrence turns it off', () => {
    let v = setFrequency(values(), 'weekly');
    v = setTeamsSync(v, true);
    expect([v.frequency, v.teams.sync, v.teams.online]).toEqual(['never', true, true]);
    v = setBypassLobby(v, true);
    expect(v.teams.bypass).toBe(true);
    // The online meeting stays on while Teams sync is on.
    expect(setOnlineMeeting(v, false).teams.online).toBe(true);
    v = setFrequency(v, 'daily');
    expect([v.teams.sync, v.teams.online, v.teams.bypass]).toEqual([false, true, false]);
    expect(setBypassLobby(v, true).teams.bypass).toBe(false);
  });
});

describe('validation and body', () => {
  it('answers the server’s keys: required name, calendars_empty, end_lt_start', () => {
    const v = { ...values(), endTime: '10:00' };
    const result = validateAppointment(v, noUploads, { canSeeTeams: false });
    expect(result).toEqual({
      ok: false,
      errors: { name: ['required'], calendar_ids: ['calendars_empty'], 'date.end': ['end_lt_start'] },
    });
  });

  it('checks interval, total, costs, zip and URLs', () => {
    const base = { ...values(), name: 'Sitzung', calendarIds: ['c'.repeat(24)] };
    const v: AppointmentFormValues = {
      ...setFrequency(base, 'custom'),
      interval: 0,
      location: { ...base.location, zip: '12345678901', link: 'kein link' },
      attendee: { ...base.attendee, total: -1 },
      application: { ...base.application, withCosts: true, costs: -5, url: 'ftp://x' },
    };
    const result = validateAppointment(v, noUploads, { canSeeTeams: false });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      'recurrence_pattern.recurrence_interval': ['too_short'],
      'location.zip': ['too_long'],
      'location.link': ['invalid_url'],
      'attendee_configuration.total': ['too_short'],
      'application_configuration.costs': ['too_short'],
      'application_configuration.url': ['invalid_url'],
    });
    const missingCosts = validateAppointment(
      { ...base, application: { ...base.application, withCosts: true, costs: '' } },
      noUploads,
      { canSeeTeams: false },
    );
    expect(!missingCosts.ok && missingCosts.errors).toEqual({ 'application_configuration.costs': ['required'] });
  });

  it('sends wall-clock dates with the zone, and the form rules applied', () => {
    let v: AppointmentFormValues = { ...values(), name: 'Sitzung', calendarIds: ['c'.repeat(24)] };
    v = setFrequency(v, 'weekly');
    v = {
      ...v,
      teams: { sync: true, online: true, bypass: true },
      application: { ...v.application, deadlineDate: '2030-03-01', deadlineTime: '12:00' },
    };
    const result = validateAppointment(
      v,
      { fileIds: ['5'.repeat(24)], imageId: null },
      { canSeeTeams: true, applyTo: 'all' },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { appointment } = result.body;
    expect(result.body.apply_to).toBe('all');
    expect(appointment.date).toEqual({
      start: '2030-03-10T11:00',
      end: '2030-03-10T12:00',
      all_day: false,
      time_zone: 'Europe/Berlin',
    });
    expect(appointment.recurrence_pattern).toMatchObject({
      recurrence_frequency: 'weekly',
      recurrence_interval: 1,
      recurrence_end_time: '2030-03-17',
    });
    // A recurrence turns Teams sync off, and bypass lobby with it; the deadline needs registration.
    expect(appointment.teams_configuration).toEqual({
      teams_sync_enabled: false,
      online_meeting: true,
      bypass_lobby: false,
    });
    expect(appointment.application_configuration?.registration_deadline).toBeNull();
    expect(appointment.event_file_ids).toEqual(['5'.repeat(24)]);
  });

  it('sends all-day appointments as days, the end being the last day', () => {
    const v = { ...values(), name: 'Messe', calendarIds: ['c'.repeat(24)], allDay: true, endDate: '2030-03-12' };
    const result = validateAppointment(v, noUploads, { canSeeTeams: false });
    expect(result.ok && result.body.appointment.date).toEqual({
      start: '2030-03-10',
      end: '2030-03-12',
      all_day: true,
      time_zone: 'Europe/Berlin',
    });
  });
});

describe('editing', () => {
  it('fills the form from the presented appointment, on its own wall clock', () => {
    const appointment: Appointment = appointmentFixture({
      date: {
        start: '2030-07-01T08:00:00Z',
        end: '2030-07-01T09:30:00Z',
        all_day: false,
        time_zone: 'Europe/Berlin',
        same_day: true,
      },
      recurrence_pattern: {
        recurrence_frequency: 'custom',
        recurrence_interval: 2,
        recurrence_unit: 'weekly',
        recurrence_end_time: '2030-12-31T22:59:00Z',
      },
      contacts: [{ id: '2'.repeat(24), name: 'Bernd Brot', path: '/members/bernd' }],
      attendee_configuration: { ...appointmentFixture().attendee_configuration, total: 20 },
    });
    const v = appointmentValues(appointment, NOW);
    expect([v.startDate, v.startTime, v.endDate, v.endTime, v.timeZone]).toEqual([
      '2030-07-01',
      '10:00',
      '2030-07-01',
      '11:30',
      'Europe/Berlin',
    ]);
    expect([v.frequency, v.interval, v.unit, v.recurrenceEnd]).toEqual(['custom', 2, 'weekly', '2030-12-31']);
    expect(v.contacts).toEqual([
      { id: '2'.repeat(24), displayName: 'Bernd Brot', images: { small: null }, is_external: false },
    ]);
    expect(v.attendee.total).toBe(20);
    expect(v.calendarIds).toEqual(['c'.repeat(24)]);
  });

  it('keeps all-day appointments as days', () => {
    const v = appointmentValues(
      appointmentFixture({
        date: { start: '2030-03-10', end: '2030-03-12', all_day: true, time_zone: 'Europe/Berlin', same_day: false },
      }),
      NOW,
    );
    expect([v.allDay, v.startDate, v.endDate]).toEqual([true, '2030-03-10', '2030-03-12']);
  });
});

describe('end before start', () => {
  const at = (endDate: string | null, endTime: string, allDay = false) => ({
    allDay,
    startDate: '2030-03-10',
    startTime: '11:00',
    endDate,
    endTime,
  });

  it('names the time when the days are equal and the end time is earlier', () => {
    expect(endBeforeStartPart(at('2030-03-10', '09:00'))).toBe('time');
  });

  it('names the date when the end day is earlier, whatever the time', () => {
    expect(endBeforeStartPart(at('2030-03-09', '12:00'))).toBe('date');
    expect(endBeforeStartPart(at('2030-03-09', '', true))).toBe('date');
  });

  it('finds nothing wrong with a later or equal end, no end, or an all-day appointment of one day', () => {
    expect(endBeforeStartPart(at('2030-03-10', '11:00'))).toBeNull();
    expect(endBeforeStartPart(at('2030-03-11', '09:00'))).toBeNull();
    expect(endBeforeStartPart(at(null, ''))).toBeNull();
    expect(endBeforeStartPart(at('2030-03-10', '09:00', true))).toBeNull();
  });
});
