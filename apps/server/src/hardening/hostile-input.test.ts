// What the server answers to input no form sends: NUL characters, halves of surrogate pairs,
// dates outside 1900–2200 and addresses that are no web address. Each is a 422 naming the field,
// and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  type TestApp,
} from '../modules/appointments/test-support.ts';
import { chatWorld, refused } from '../modules/chat/test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\ud800y';

async function appointmentCount() {
  const month = await api.month(w.author.session, { date: '2026-12-01', calendar_ids: w.authorCalendar });
  return JSON.stringify(month).match(/"id":"/g)?.length ?? 0;
}

describe('NUL characters and lone surrogates', () => {
  it.each([NUL, LONE_SURROGATE])(
    'are refused at sign-in, anonymously, with 422 naming the field (%j)',
    async (text) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { user: { email: `max${text}@example.com`, password: 'whatever' } },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ errors: { email: ['invalid_characters'] } });
    },
  );

  it('are refused in query parameters and path parameters', async () => {
    const query = await t.app.inject({
      url: `/appointments?date=2026-12-01&time_zone=${encodeURIComponent(`Europe/Berlin${NUL}`)}`,
      headers: w.author.session.headers,
    });
    expect(query.statusCode, query.body).toBe(422);
    expect(query.json()).toEqual({ errors: { time_zone: ['invalid_characters'] } });

    const path = await t.app.inject({
      url: `/appointments/${encodeURIComponent(NUL)}`,
      headers: w.author.session.headers,
    });
    expect(path.statusCode, path.body).toBe(422);
    expect(path.json()).toEqual({ errors: { id: ['invalid_characters'] } });
  });

  it('store nothing when they are in a body', async () => {
    const before = await appointmentCount();
    const response = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { name: `Plan${LONE_SURROGATE}` }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ errors: { name: ['invalid_characters'] } });
    expect(await appointmentCount()).toBe(before);
  });

  it('refuse hostile nesting with 422, not a stack overflow', async () => {
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/appointments',
      headers: { ...w.author.session.headers, 'content-type': 'application/json' },
      payload: `{"appointment":{"name":"x","calendar_ids":${deep}}}`,
    });
    expect(response.statusCode, response.body).toBe(422);
  });

  it('are refused in socket events, through the acknowledgement', async () => {
    const chat = await chatWorld(t, {}, 'chat.hostile.test');
    try {
      const max = await chat.member();
      const socket = await max.tab();
      const error = await refused(socket, 'create_chat', { member_ids: [NUL] });
      expect(error).toMatchObject({
        key: 'invalid',
        status: 422,
        details: { fields: { 'member_ids.0': ['invalid_characters'] } },
      });
    } finally {
      chat.close();
    }
  });
});

describe('dates outside 1900 to 2200', () => {
  it.each(['0000-01-01', '9999-12-31', '1899-12-31'])('are refused for the month of %s', async (date) => {
    const response = await t.app.inject({ url: `/appointments?date=${date}`, headers: w.author.session.headers });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ errors: { date: ['out_of_range'] } });
  });

  it('takes the edges of the range', async () => {
    for (const date of ['1900-01-01', '2200-12-31']) {
      const response = await t.app.inject({ url: `/appointments?date=${date}`, headers: w.author.session.headers });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('are refused as start, series end and registration deadline, and nothing is stored', async () => {
    const before = await appointmentCount();
    const start = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { date: { start: '0001-01-01T10:00', end: '0001-01-01T11:00' } }),
    );
    expect(start.statusCode, start.body).toBe(422);
    expect(start.json().errors['date.start']).toEqual(['out_of_range']);

    const deadline = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], {
        application_configuration: { registration_required: true, registration_deadline: '0000-12-31T23:59' },
      }),
    );
    expect(deadline.statusCode, deadline.body).toBe(422);
    expect(deadline.json().errors['application_configuration.registration_deadline']).toEqual(['out_of_range']);

    const seriesEnd = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], {
        recurrence_pattern: { recurrence_frequency: 'daily', recurrence_end_time: '9999-12-31' },
      }),
    );
    expect(seriesEnd.statusCode, seriesEnd.body).toBe(422);
    expect(await appointmentCount()).toBe(before);
  });

  it('count the instant too: a time in 2200 that is 2201 in UTC is refused', async () => {
    const response = await t.app.inject({
      url: `/meeting_rooms?filter=reservable&start=${encodeURIComponent('9999-12-31T23:59:59-12:00')}`,
      headers: w.author.session.headers,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ errors: { start: ['out_of_range'] } });
    const edge = await t.app.inject({
      url: `/meeting_rooms?filter=reservable&start=${encodeURIComponent('2200-12-31T23:00:00-12:00')}`,
      headers: w.author.session.headers,
    });
    expect(edge.statusCode, edge.body).toBe(422);
  });
});

describe("the design's logo address", () => {
  it.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['an address elsewhere', 'https://tracker.example/pixel.gif'],
    ['500,000 characters', `/${'a'.repeat(500_000)}`],
  ])('refuses %s and keeps the stored design', async (_name, logoUrl) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administration/design',
      headers: w.admin.session.headers,
      payload: { theme: { logoUrl } },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(422);
    const design = await t.app.inject({ url: '/api/v1/administration/design', headers: w.admin.session.headers });
    expect(design.json().theme.logoUrl).toBeNull();
  });

  it('takes a path on this server', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administration/design',
      headers: w.admin.session.headers,
      payload: { theme: { logoUrl: '/logo.svg' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().theme.logoUrl).toBe('/logo.svg');
  });
});
