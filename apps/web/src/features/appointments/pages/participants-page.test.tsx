import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Appointment,
  DirectoryResult,
  MemberSearchResult,
  Participant,
  ParticipantPage,
  ParticipantStatus,
} from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { APPOINTMENT_ID, SERIES_ID, appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { ParticipantsPage } from './participants-page.tsx';

const OCCURRENCE_ID = `r-${SERIES_ID}-20300310T1000`;
const list = (id: string, search = '') =>
  `GET /appointments/${id}/participants?${search ? `${search}&` : ''}limit=50&offset=0`;

function participant(
  n: number,
  name: string,
  status: ParticipantStatus,
  extra: Partial<Participant> = {},
): Participant {
  const id = n.toString(16).padStart(24, '0');
  const [first = '', last = ''] = name.split(' ');
  return {
    id,
    status,
    roles: [],
    membership: {
      id: `m${id.slice(1)}`,
      name,
      first_name: first,
      last_name: last,
      path: `/members/${id}`,
      images: { small: null, medium: null, large: null },
      detection_profile_field: null,
      is_external: false,
      is_consumer: false,
      upn: null,
      show_add_upn_link: false,
    },
    can: { update: true, destroy: true },
    ...extra,
  };
}

const anna = participant(1, 'Anna Adler', 'accepted', {
  roles: [{ id: null, name: 'organizer', display_type: 'default' }],
});
const bernd = participant(2, 'Bernd Berg', 'declined', {
  roles: [
    { id: 'r'.repeat(24), name: 'Vorstand', display_type: 'default' },
    { id: 's'.repeat(24), name: 'Versteckt', display_type: 'hidden' },
  ],
});
const clara = participant(3, 'Clara Christ', 'open', {
  membership: { ...participant(3, 'Clara Christ', 'open').membership, is_external: true, is_consumer: true },
});

function page(participants: Participant[], total = participants.length): { status: number; body: ParticipantPage } {
  return {
    status: 200,
    body: { participants, total, limit: 50, offset: 0, counts: { accepted: 1, declined: 1, invited: 1 } },
  };
}

const member = { id: 'd'.repeat(24), displayName: 'Dora Dorn', images: { small: null }, is_external: false };
const members: { status: number; body: MemberSearchResult } = {
  status: 200,
  body: { members: [member], total: 1, limit: 20, offset: 0 },
};
const directory: { status: number; body: DirectoryResult } = {
  status: 200,
  body: {
    groups: [
      {
        type: 'group',
        id: 'g'.repeat(24),
        slug: 'team',
        name: 'Team',
        category: { id: 'c1', name: 'Teams' },
        chat_enabled: true,
      },
    ],
    membership_roles: [
      {
        type: 'membership_role',
        id: 'e'.repeat(24),
        slug: 'leitung',
        name: 'Leitung',
        plural_name: 'Leitungen',
        color: '#c00',
        group: null,
      },
    ],
    limit: 20,
  },
};

function show(appointment: Appointment, answers: Record<string, { status: number; body?: unknown }> = {}) {
  const id = encodeURIComponent(appointment.id);
  const calls = stubFetch({
    [`GET /appointments/${id}`]: { status: 200, body: appointment },
    [list(id)]: page([anna, bernd, clara]),
    ...answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/appointments/:appointmentId" element={<p>Termindetails</p>} />
      <Route path="/appointments/:appointmentId/participants" element={<ParticipantsPage />} />
    </Routes>,
    { path: `/appointments/${appointment.id}/participants` },
  );
  return { ...view, calls };
}

const rows = () => screen.getAllByTestId('participant-row');
const listCalls = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((c) => c.method === 'GET' && c.path.includes('/participants?')).map((c) => c.path);

async function pickMember() {
  const input = screen.getByRole('textbox', { name: 'Mitglieder' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'Do' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Dora Dorn' }));
}

async function pickDirectory(name: RegExp) {
  const input = screen.getByRole('textbox', { name: 'Gruppen und Rollen' });
  fireEvent.focus(input);
  fireEvent.click(await screen.findByRole('option', { name }));
}

// Many pickers and dialogs per test: slow on a busy machine, not stuck.
describe('ParticipantsPage', { timeout: 30_000 }, () => {
  beforeAll(() => configure({ asyncUtilTimeout: 4000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the participants in the order of the answer, with roles, badges, counts and exports', async () => {
    show(appointmentFixture({ can: { ...appointmentFixture().can, download_attendees: true } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Anna Adler',
      'Bernd Berg',
      'Clara Christ',
    ]);
    expect(within(rows()[0]!).getByRole('link').getAttribute('href')).toBe(`/members/${anna.id}`);
    expect(within(rows()[0]!).getByText('Organisation')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Vorstand')).toBeTruthy();
    expect(within(rows()[1]!).queryByText(/Versteckt/)).toBeNull();
    expect(within(rows()[2]!).getByText('Extern')).toBeTruthy();
    expect(within(rows()[2]!).getByText('Konsument*in')).toBeTruthy();
    // 'open' is shown as invited.
    expect((screen.getByRole('textbox', { name: 'Status von Clara Christ' }) as HTMLInputElement).value).toBe(
      'Eingeladen',
    );
    expect(screen.getByRole('radio', { name: 'Alle (3)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Zugesagt (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CSV exportieren' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT_ID}/attendees.csv`,
    );
    expect(screen.getByRole('link', { name: 'XLSX exportieren' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT_ID}/attendees.xlsx`,
    );
    expect(screen.getByRole('link', { name: 'Zurück zum Termin' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT_ID}`,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('searches by name after a pause and filters by status, sending q and status', async () => {
    const { calls } = show(appointmentFixture(), {
      [list(APPOINTMENT_ID, 'q=Ber')]: page([bernd]),
      [list(APPOINTMENT_ID, 'q=Ber&status=declined')]: page([bernd]),
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Nach Namen suchen' }), { target: { value: 'Ber' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: /Abgesagt/ }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)).toEqual([
      `/appointments/${APPOINTMENT_ID}/participants?limit=50&offset=0`,
      `/appointments/${APPOINTMENT_ID}/participants?q=Ber&limit=50&offset=0`,
      `/appointments/${APPOINTMENT_ID}/participants?q=Ber&status=declined&limit=50&offset=0`,
    ]);
  });

  it('pages by 50', async () => {
    const { calls } = show(appointmentFixture(), {
      [list(APPOINTMENT_ID)]: page([anna, bernd, clara], 120),
      [`GET /appointments/${APPOINTMENT_ID}/participants?limit=50&offset=50`]: page([clara], 120),
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Seite 3' })).toBeTruthy();
    expect(listCalls(calls).at(-1)).toBe(`/appointments/${APPOINTMENT_ID}/participants?limit=50&offset=50`);
  });

  it('shows a forbidden state without can.show_attendees, and asks nothing', async () => {
    const base = appointmentFixture();
    const { calls } = show(appointmentFixture({ can: { ...base.can, show_attendees: false } }));
    expect(await screen.findByText('Teilnehmende nicht sichtbar')).toBeTruthy();
    expect(listCalls(calls)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).toBeNull();
  });

  it('shows the forbidden state when the server answers 403', async () => {
    show(appointmentFixture(), { [list(APPOINTMENT_ID)]: { status: 403, body: { error: 'forbidden' } } });
    expect(await screen.findByText('Teilnehmende nicht sichtbar')).toBeTruthy();
  });

  it('shows statuses only, without add form, select or remove, when the member may not manage', async () => {
    const base = appointmentFixture();
    show(appointmentFixture({ can: { ...base.can, update_participants: false } }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[1]!).getByText('Abgesagt')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Status von/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /entfernen/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Teilnehmende hinzufügen' })).toBeNull();
  });

  it('adds members, groups and roles once something is chosen, and says what was added', async () => {
    const { calls } = show(appointmentFixture(), {
      'GET /members?q=Do&include_consumers=true': members,
      'GET /directory?q=&include_membership_roles=true': directory,
      [`POST /appointments/${APPOINTMENT_ID}/participants`]: { status: 200, body: { added: 3, queued: true } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const add = screen.getByRole('button', { name: 'Hinzufügen' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Konsument*innen einladen' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Per E-Mail benachrichtigen' }));
    await pickMember();
    expect(add.disabled).toBe(false);
    await pickDirectory(/Team/);
    await pickDirectory(/Leitung/);
    fireEvent.click(add);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      participant: {
        membership_ids: [member.id],
        group_ids: ['g'.repeat(24)],
        membership_role_ids: ['e'.repeat(24)],
        status: 'invited',
        send_email_notification: true,
        invite_consumers: true,
      },
    });
    expect(
      await screen.findByText(
        'Die gewählten Mitglieder, Gruppen und Rollen wurden hinzugefügt. Einige werden noch im Hintergrund hinzugefügt; die Liste aktualisiert sich gleich.',
      ),
    ).toBeTruthy();
    // The form is empty again.
    await waitFor(() => expect(add.disabled).toBe(true));
  });

  it('names the members alone when only members were added, and says when adding failed', async () => {
    const answers = {
      'GET /members?q=Do': members,
      [`POST /appointments/${APPOINTMENT_ID}/participants`]: { status: 200, body: { added: 1, queued: false } },
    };
    const { calls } = show(appointmentFixture(), answers);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await pickMember();
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Die Mitglieder wurden hinzugefügt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      participant: { membership_ids: [member.id], group_ids: [], membership_role_ids: [], invite_consumers: false },
    });

    stubFetch({ ...answers, [`POST /appointments/${APPOINTMENT_ID}/participants`]: { status: 500 } });
    await pickMember();
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Speichern fehlgeschlagen.')).toBeTruthy();
  });

  it('fetches the list again 3 s and 9 s after adding, and at 18 s with the search reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, unmount } = show(appointmentFixture(), {
      'GET /members?q=Do': members,
      [list(APPOINTMENT_ID, 'status=accepted')]: page([anna]),
      [`POST /appointments/${APPOINTMENT_ID}/participants`]: { status: 200, body: { added: 1, queued: false } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('radio', { name: /Zugesagt/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await pickMember();
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await screen.findByText('Die Mitglieder wurden hinzugefügt.');
    const filtered = `/appointments/${APPOINTMENT_ID}/participants?status=accepted&limit=50&offset=0`;
    const unfiltered = `/appointments/${APPOINTMENT_ID}/participants?limit=50&offset=0`;
    await waitFor(() => expect(listCalls(calls).filter((p) => p === filtered)).toHaveLength(2)); // added: invalidated
    const before = listCalls(calls).length;

    // Real time runs on as well (shouldAdvanceTime): a margin for a busy machine.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(listCalls(calls)).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(before + 1));
    expect(listCalls(calls).at(-1)).toBe(filtered);

    await act(() => vi.advanceTimersByTimeAsync(6000));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(before + 2));
    expect(listCalls(calls).at(-1)).toBe(filtered);
    expect((screen.getByRole('radio', { name: /Zugesagt/ }) as HTMLInputElement).checked).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(9000));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(listCalls(calls).at(-1)).toBe(unfiltered);
    expect((screen.getByRole('radio', { name: /Alle/ }) as HTMLInputElement).checked).toBe(true);

    // Nothing more after that, and nothing after leaving the page.
    const after = listCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls(calls)).toHaveLength(after);
    unmount();
  });

  it('clears the timers when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, router } = show(appointmentFixture(), {
      'GET /members?q=Do': members,
      [`POST /appointments/${APPOINTMENT_ID}/participants`]: { status: 200, body: { added: 1, queued: false } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await pickMember();
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await screen.findByText('Die Mitglieder wurden hinzugefügt.');
    await act(() => router.navigate(`/appointments/${APPOINTMENT_ID}`));
    expect(screen.getByText('Termindetails')).toBeTruthy();
    const before = listCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('changes a status and removes a participant after confirming', async () => {
    const { calls } = show(appointmentFixture(), {
      [`PUT /appointments/${APPOINTMENT_ID}/participants/${bernd.id}`]: { status: 204 },
      [`DELETE /appointments/${APPOINTMENT_ID}/participants/${clara.id}`]: { status: 204 },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('textbox', { name: 'Status von Bernd Berg' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Abgelehnt' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ participant: { status: 'rejected' } });
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clara Christ entfernen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Möchten Sie Clara Christ aus den Teilnehmenden entfernen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(
      `/appointments/${APPOINTMENT_ID}/participants/${clara.id}`,
    );
  });

  it('asks "this or all" on an occurrence before each change', async () => {
    const occurrence = appointmentFixture({ id: OCCURRENCE_ID, type: 'virtual_appointment', series_id: SERIES_ID });
    const { calls } = show(occurrence, {
      [`PUT /appointments/${OCCURRENCE_ID}/participants/${bernd.id}`]: { status: 204 },
      [`DELETE /appointments/${OCCURRENCE_ID}/participants/${clara.id}?apply_to=this`]: { status: 204 },
      'GET /members?q=Do': members,
      [`POST /appointments/${OCCURRENCE_ID}/participants`]: { status: 200, body: { added: 1, queued: false } },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(screen.getByRole('textbox', { name: 'Status von Bernd Berg' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zugesagt' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Für alle Termine der Serie' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      participant: { status: 'accepted' },
      apply_to: 'all',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Clara Christ entfernen' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Nur für diesen Termin'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Nur für diesen Termin' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(
      `/appointments/${OCCURRENCE_ID}/participants/${clara.id}?apply_to=this`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Canceling the question changes nothing.
    await pickMember();
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nur für diesen Termin' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ apply_to: 'this' });
  });
});
