import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, ContactContext } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { limitInMb } from '../participants/contact-form.tsx';
import { APPOINTMENT_ID, appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { ContactPage } from './contact-page.tsx';

const MB = 1024 * 1024;

function context(overrides: Partial<ContactContext> = {}): ContactContext {
  return {
    attachments_size: 2 * MB,
    attachment_limit: 10 * MB,
    audience_counts: { all: 12, accepted: 5, declined: 3, no_reaction: 4 },
    ...overrides,
  };
}

function show(
  appointment: Appointment = appointmentFixture(),
  answers: Record<string, { status: number; body?: unknown }> = {},
) {
  const calls = stubFetch({
    [`GET /appointments/${APPOINTMENT_ID}`]: { status: 200, body: appointment },
    [`GET /appointments/${APPOINTMENT_ID}/contact`]: { status: 200, body: context() },
    ...answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/appointments/:appointmentId" element={<p>Termindetails</p>} />
      <Route path="/appointments/:appointmentId/contact" element={<ContactPage />} />
    </Routes>,
    { path: `/appointments/${APPOINTMENT_ID}/contact` },
  );
  return { ...view, calls };
}

const subject = () => screen.getByRole('textbox', { name: /Betreff/ });
const text = () => screen.getByRole('textbox', { name: /Text/ });
const attachments = () => screen.getByRole('switch', { name: /^Dateien des Termins anhängen/ }) as HTMLInputElement;
const posts = <T extends { method: string }>(calls: T[]) => calls.filter((c) => c.method === 'POST');

describe('ContactPage', { timeout: 30_000 }, () => {
  beforeAll(() => configure({ asyncUtilTimeout: 4000 }));
  afterAll(() => configure({ asyncUtilTimeout: 1000 }));
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('requires subject and text before sending anything', async () => {
    const { calls } = show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(subject().getAttribute('aria-invalid')).toBe('true'));
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Bitte ausfüllen.')).toHaveLength(2);
    expect(posts(calls)).toEqual([]);
    // Blanks alone are no subject either.
    fireEvent.change(subject(), { target: { value: '   ' } });
    fireEvent.change(text(), { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(subject().getAttribute('aria-invalid')).toBe('true'));
    expect(text().getAttribute('aria-invalid')).toBe('false');
    expect(posts(calls)).toEqual([]);
  });

  it('shows the audiences with their counts and sends, then goes back to the appointment', async () => {
    const { calls } = show(undefined, {
      [`POST /appointments/${APPOINTMENT_ID}/contact`]: { status: 200, body: { recipients: 3 } },
    });
    expect(await screen.findByRole('radio', { name: 'Alle Teilnehmenden (12)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Noch keine Reaktion (4)' })).toBeTruthy();
    expect(attachments().disabled).toBe(false);
    expect(await axeViolations()).toEqual([]);

    fireEvent.change(subject(), { target: { value: ' Raumänderung ' } });
    fireEvent.change(text(), { target: { value: 'Wir treffen uns in Raum 2.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Abgesagt (3)' }));
    fireEvent.click(attachments());
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Termindetails')).toBeTruthy();
    expect(posts(calls)[0]!.body).toEqual({
      contact: {
        subject: 'Raumänderung',
        text: 'Wir treffen uns in Raum 2.',
        audience: 'declined',
        include_attachments: true,
      },
    });
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
  });

  it('disables attachments above the limit, naming the limit in MB', async () => {
    show(undefined, {
      [`GET /appointments/${APPOINTMENT_ID}/contact`]: {
        status: 200,
        body: context({ attachments_size: 12 * MB, attachment_limit: 10 * MB }),
      },
    });
    expect(
      await screen.findByText('Die Dateien sind größer als die Grenze für E-Mail-Anhänge von 10 MB.'),
    ).toBeTruthy();
    expect(attachments().disabled).toBe(true);
    expect(limitInMb(10.4 * MB)).toBe(10);
    expect(limitInMb(10.6 * MB)).toBe(11);
  });

  it('disables attachments when the appointment has no files', async () => {
    show(undefined, {
      [`GET /appointments/${APPOINTMENT_ID}/contact`]: { status: 200, body: context({ attachments_size: 0 }) },
    });
    expect(await screen.findByText('Der Termin hat keine Dateien.')).toBeTruthy();
    expect(attachments().disabled).toBe(true);
  });

  it('marks the fields the server refuses, and says when sending failed', async () => {
    show(undefined, {
      [`POST /appointments/${APPOINTMENT_ID}/contact`]: {
        status: 422,
        body: { errors: { subject: ['too_long'], include_attachments: ['attachments_too_large'] } },
      },
    });
    await screen.findByRole('radio', { name: 'Alle Teilnehmenden (12)' });
    fireEvent.change(subject(), { target: { value: 'Betreff' } });
    fireEvent.change(text(), { target: { value: 'Text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(subject().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Zu lang.')).toBeTruthy();
    expect(
      screen.getAllByText('Die Dateien sind größer als die Grenze für E-Mail-Anhänge von 10 MB.').length,
    ).toBeGreaterThan(0);
    expect(await screen.findByText(/Bitte prüfen Sie: Betreff/)).toBeTruthy();

    stubFetch({ [`POST /appointments/${APPOINTMENT_ID}/contact`]: { status: 500, body: { error: 'internal_error' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.')).toBeTruthy();
    expect(screen.queryByText('Termindetails')).toBeNull();
  });

  it('shows a forbidden state without can.contact, and asks nothing more', async () => {
    const base = appointmentFixture();
    const { calls } = show(appointmentFixture({ can: { ...base.can, contact: false } }));
    expect(await screen.findByText('Kontaktieren nicht erlaubt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Senden' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([`/appointments/${APPOINTMENT_ID}`]);
  });

  it('leads back to the appointment with the cancel link', async () => {
    show();
    const cancel = await screen.findByRole('link', { name: 'Abbrechen' });
    expect(cancel.getAttribute('href')).toBe(`/appointments/${APPOINTMENT_ID}`);
    fireEvent.click(cancel);
    expect(await screen.findByText('Termindetails')).toBeTruthy();
    expect(within(document.body).queryByRole('button', { name: 'Senden' })).toBeNull();
  });
});
