import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { EditAppointmentPage, NewAppointmentPage } from '../pages/appointment-form-page.tsx';
import {
  OTHER_CALENDAR_ID,
  appointmentFixture,
  calendarFixture,
  calendarList,
  contextFixture,
} from '../../../testing/appointment-fixtures.ts';

/** The form page in a router, its calls answered by stubFetch, and helpers to drive it. */

// 10:20 in Berlin, where the tests run: the next full hour is 11:00.
export const NOW = new Date('2030-03-10T09:20:00Z');
export const SAVED_ID = '9'.repeat(24);

export const CALENDARS = calendarList([
  calendarFixture(),
  calendarFixture({ id: OTHER_CALENDAR_ID, name: 'Privat', type: 'personal', color: 'e03131' }),
  calendarFixture({
    id: 'f'.repeat(24),
    name: 'Nur lesen',
    can: { update: false, destroy: false, create_appointments: false },
  }),
]);

type Answers = Parameters<typeof stubFetch>[0];

export function open(path: string, options: { teams?: boolean; answers?: Answers } = {}) {
  const calls = stubFetch({
    'GET /calendars': { status: 200, body: CALENDARS },
    'GET /api/v1/calendars/context': { status: 200, body: contextFixture({ teams: options.teams }) },
    'GET /appointments/categories': { status: 200, body: [{ id: '1'.repeat(24), label: 'Feier' }] },
    'POST /appointments': { status: 201, body: appointmentFixture({ id: SAVED_ID }) },
    ...options.answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/appointments/new" element={<NewAppointmentPage />} />
      <Route path="/appointments/:appointmentId/edit" element={<EditAppointmentPage />} />
      <Route path="/appointments/:appointmentId" element={<p>Detailseite</p>} />
    </Routes>,
    { path },
  );
  return { ...view, calls };
}

/*
 * The form is large: queries by label text and by text are used rather than by role, which
 * computes the accessible name of every element on each call (seconds on this page).
 */
const labelled = (name: string) => (_: string, element: Element | null) =>
  (element?.tagName === 'LABEL' || !!element?.classList.contains('mantine-Switch-label')) &&
  (element.textContent ?? '').replace(/\s*\*$/, '') === name;

/** The input of a label (a switch's label wraps its description too: its text is asked), or null. */
export function maybeField(name: string): HTMLInputElement | null {
  const label = screen.queryAllByText(labelled(name))[0]?.closest('label');
  return label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
}

export function field(name: string): HTMLInputElement {
  const input = maybeField(name);
  if (!input) throw new Error(`No field labelled ${name}`);
  return input;
}

/** The form is there once its data has loaded. */
export const ready = () => waitFor(() => field('Name'), { timeout: 5000 });

export function button(name: string): HTMLButtonElement {
  const match = screen
    .getAllByText(name)
    .map((element) => element.closest('button'))
    .find(Boolean);
  if (!match) throw new Error(`No button ${name}`);
  return match;
}
export const saveButton = () => button('Speichern');

/** The options of a select, once its list is open. */
export async function options(label: string): Promise<HTMLElement[]> {
  const input = field(label);
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error(`No list for ${label}`);
    return list;
  });
  return [...listbox.querySelectorAll<HTMLElement>('[role="option"]')];
}

export async function choose(label: string, option: string) {
  const match = (await options(label)).find((element) => element.textContent === option);
  if (!match) throw new Error(`No option ${option} in ${label}`);
  fireEvent.click(match);
}

/** Berlin time, a fixed now, German, no toasts left over. */
export function useFormTestSetup() {
  let originalTz: string | undefined;
  beforeAll(() => {
    originalTz = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await i18n.changeLanguage('de');
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
