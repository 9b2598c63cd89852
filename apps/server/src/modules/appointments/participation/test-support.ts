// Test helpers of participation: the participant calls as the web app makes them, and direct
// changes of settings the forms do not offer (lock, cancel) for the rules that depend on them.
import { eq } from 'drizzle-orm';
import type { AddParticipantsBody, Appointment, ApplyTo, ParticipantPage } from '@agora/contracts';
import type { Session, TestApp } from '../../../testing/index.ts';
import { appointments } from '../tables.ts';

export function participationApi(t: TestApp) {
  const json = { accept: 'application/json' };
  const headers = (session: Session | null) => session?.headers ?? json;
  return {
    respond: (session: Session | null, id: string, status: string, applyTo?: ApplyTo) =>
      t.app.inject({
        method: 'PUT',
        url: `/appointments/${id}/participants/me`,
        headers: headers(session),
        payload: { participant: { status }, ...(applyTo ? { apply_to: applyTo } : {}) },
      }),
    setStatus: (session: Session | null, id: string, participantId: string, status: string, applyTo?: ApplyTo) =>
      t.app.inject({
        method: 'PUT',
        url: `/appointments/${id}/participants/${participantId}`,
        headers: headers(session),
        payload: { status, ...(applyTo ? { apply_to: applyTo } : {}) },
      }),
    remove: (session: Session | null, id: string, participantId: string, applyTo?: ApplyTo) =>
      t.app.inject({
        method: 'DELETE',
        url: `/appointments/${id}/participants/${participantId}${applyTo ? `?apply_to=${applyTo}` : ''}`,
        headers: headers(session),
      }),
    add: (session: Session | null, id: string, body: AddParticipantsBody) =>
      t.app.inject({
        method: 'POST',
        url: `/appointments/${id}/participants`,
        headers: headers(session),
        payload: body as object,
      }),
    list: (session: Session | null, id: string, query: Record<string, string> = {}) =>
      t.app.inject({
        url: `/appointments/${id}/participants?${new URLSearchParams(query)}`,
        headers: headers(session),
      }),
    /** The participants page as the member sees it (fails on anything but 200). */
    async page(session: Session, id: string, query: Record<string, string> = {}): Promise<ParticipantPage> {
      const response = await this.list(session, id, query);
      if (response.statusCode !== 200) throw new Error(`participants: ${response.statusCode} ${response.body}`);
      return response.json<ParticipantPage>();
    },
    async detail(session: Session, id: string): Promise<Appointment> {
      const response = await t.app.inject({ url: `/appointments/${id}`, headers: session.headers });
      if (response.statusCode !== 200) throw new Error(`detail: ${response.statusCode} ${response.body}`);
      return response.json<Appointment>();
    },
    /** The member's Calendars unread count as the shell asks for it. */
    async calendarsUnread(session: Session): Promise<number> {
      const response = await t.app.inject({ url: '/api/v1/unreads', headers: session.headers });
      if (response.statusCode !== 200) throw new Error(`unreads: ${response.statusCode} ${response.body}`);
      return response.json<{ Calendars: number }>().Calendars;
    },
  };
}

/** Changes stored fields of an appointment row the forms do not change (lock, cancel). */
export async function changeRow(t: TestApp, id: string, values: Partial<typeof appointments.$inferInsert>) {
  await t.database.db.update(appointments).set(values).where(eq(appointments.id, id));
}
