// Test helpers of the organiser's actions and the invites inbox: the HTTP calls the web app makes.
import type {
  AddParticipantsBody,
  ApplyTo,
  Appointment,
  AppointmentInvite,
  AppointmentParticipation,
  LinkPage,
  Unreads,
} from '@agora/contracts';
import type { Session } from '../../testing/index.ts';
import { appointmentBody, appointmentsApi, type TestApp } from './test-support.ts';

export function organiserApi(t: TestApp) {
  const json = { accept: 'application/json' };
  const headers = (session: Session | null) => session?.headers ?? json;
  const inject = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers(session),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const appointments = appointmentsApi(t);

  return {
    ...appointments,
    /** Creates an appointment in the calendars; answers its detail (201 required). */
    async created(
      session: Session,
      calendarIds: string[],
      overrides: Parameters<typeof appointmentBody>[1] = {},
    ): Promise<Appointment> {
      const response = await appointments.create(session, appointmentBody(calendarIds, overrides));
      if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
      return response.json<Appointment>();
    },
    /** Invites members (status invited); `apply_to` for an occurrence. */
    async invite(session: Session, id: string, membershipIds: string[], applyTo?: ApplyTo, status = 'invited') {
      const body: AddParticipantsBody & { apply_to?: ApplyTo } = {
        participant: { membership_ids: membershipIds, status: status as 'invited' },
        ...(applyTo ? { apply_to: applyTo } : {}),
      };
      const response = await inject(session, 'POST', `/appointments/${id}/participants`, body);
      if (response.statusCode !== 201) throw new Error(`invite: ${response.statusCode} ${response.body}`);
    },
    cancel: (session: Session | null, id: string, body?: unknown) =>
      inject(session, 'POST', `/appointments/${id}/cancel`, body ?? {}),
    lock: (session: Session | null, id: string, locked: unknown) =>
      inject(session, 'PATCH', `/appointments/${id}`, {
        appointment: { attendee_configuration: { participation_locked: locked } },
      }),
    respond: (session: Session, id: string, status: string, applyTo?: ApplyTo) =>
      inject(session, 'PUT', `/appointments/${id}/participants/me`, {
        participant: { status },
        ...(applyTo ? { apply_to: applyTo } : {}),
      }),
    contactContext: (session: Session | null, id: string) => inject(session, 'GET', `/appointments/${id}/contact`),
    contact: (session: Session | null, id: string, contact: unknown) =>
      inject(session, 'POST', `/appointments/${id}/contact`, { contact }),
    attendees: (session: Session | null, id: string, format: 'csv' | 'xlsx') =>
      inject(session, 'GET', `/appointments/${id}/attendees.${format}`),
    invitesRaw: (session: Session | null, url: string) => inject(session, 'GET', url),
    async invites(session: Session, status: string, query = ''): Promise<LinkPage<AppointmentInvite>> {
      const response = await inject(session, 'GET', `/api/v1/invites?filter=appointments&status=${status}${query}`);
      if (response.statusCode !== 200) throw new Error(`invites: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async participations(session: Session, status: string, query = ''): Promise<LinkPage<AppointmentParticipation>> {
      const response = await inject(session, 'GET', `/api/v1/participations?status=${status}${query}`);
      if (response.statusCode !== 200) throw new Error(`participations: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    answer: (session: Session | null, inviteId: string, answer: 'accept' | 'reject') =>
      inject(session, 'POST', `/api/v1/invites/${inviteId}/${answer}`),
    async unreads(session: Session): Promise<Unreads> {
      return (await inject(session, 'GET', '/api/v1/unreads')).json<Unreads>();
    },
  };
}
