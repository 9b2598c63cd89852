import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../ui/testing.tsx';
import { OTHER_CALENDAR_ID } from '../../../testing/appointment-fixtures.ts';
import { button, choose, field, maybeField, open, options, ready, useFormTestSetup } from '../testing/form-harness.tsx';

// Each test renders the whole form (rich-text editor, time zone list ...): seconds in jsdom.
describe('appointment form: defaults and rules', { timeout: 20_000 }, () => {
  useFormTestSetup();

  it('starts at the next full hour for one hour, in the browser’s zone, with only creatable calendars', async () => {
    open('/appointments/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Termin' })).toBeTruthy();
    await ready();
    expect(field('Startdatum').value).toBe('10.03.2030');
    expect(field('Startzeit').value).toBe('11:00');
    expect(field('Enddatum').value).toBe('10.03.2030');
    expect(field('Endzeit').value).toBe('12:00');
    expect(field('Zeitzone').value).toBe('Europe/Berlin');
    expect(field('Wiederholen').value).toBe('Nie');
    expect((await options('Kalender')).map((option) => option.textContent)).toEqual(['Netzwerk', 'Privat']);
    // The Teams options only for members who may see them.
    expect(maybeField('Mit Microsoft Teams synchronisieren')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('takes the day of ?date= and the calendar of ?calendar_id=', async () => {
    open(`/appointments/new?date=2030-05-01&calendar_id=${OTHER_CALENDAR_ID}`);
    await ready();
    expect(field('Startdatum').value).toBe('01.05.2030');
    expect(field('Startzeit').value).toBe('11:00');
    expect(screen.getByText('Privat')).toBeTruthy();
  });

  it('hides the time pickers for all-day appointments, and removes and adds the end', async () => {
    open('/appointments/new');
    await ready();
    fireEvent.click(field('Ganztägig'));
    expect(maybeField('Startzeit')).toBeNull();
    expect(maybeField('Endzeit')).toBeNull();
    fireEvent.click(field('Ganztägig'));

    fireEvent.change(field('Startzeit'), { target: { value: '14:30' } });
    // Moving the start moves the end by the same amount.
    expect(field('Endzeit').value).toBe('15:30');
    fireEvent.click(button('Ende entfernen'));
    expect(maybeField('Enddatum')).toBeNull();
    fireEvent.click(button('Ende hinzufügen'));
    expect(field('Enddatum').value).toBe('10.03.2030');
    expect(field('Endzeit').value).toBe('15:30');
  });

  it('shows interval and unit for a custom recurrence, starting with days, and the default end', async () => {
    open('/appointments/new');
    await ready();
    expect(maybeField('Ende der Wiederholung')).toBeNull();
    await choose('Wiederholen', 'Benutzerdefiniert');
    expect(field('Alle').value).toBe('1');
    expect(field('Einheit').value).toBe('Tage');
    expect(field('Ende der Wiederholung').value).toBe('11.03.2030');
    await choose('Wiederholen', 'Wöchentlich');
    expect(maybeField('Alle')).toBeNull();
    expect(field('Ende der Wiederholung').value).toBe('17.03.2030');
  });

  it('says in words what the recurrence creates, as the member edits it', async () => {
    open('/appointments/new');
    await ready();
    const summary = screen.getByTestId('recurrence-summary');
    expect(summary.textContent).toBe('');
    await choose('Wiederholen', 'Wöchentlich');
    expect(summary.textContent).toBe('Jede Woche am Sonntag, 2 Termine, bis 17.03.2030.');
    await choose('Wiederholen', 'Benutzerdefiniert');
    fireEvent.change(field('Alle'), { target: { value: '3' } });
    expect(summary.textContent).toBe('Alle 3 Tage, 2 Termine, bis 13.03.2030.');
    fireEvent.change(field('Ende der Wiederholung'), { target: { value: '' } });
    fireEvent.blur(field('Ende der Wiederholung'));
    expect(summary.textContent).toBe('Alle 3 Tage, ohne Ende.');
  });

  it('applies the Teams rules as the member switches', async () => {
    open('/appointments/new', { teams: true });
    await ready();
    await choose('Wiederholen', 'Wöchentlich');
    const sync = field('Mit Microsoft Teams synchronisieren');
    const online = field('Online-Besprechung in Teams');
    const bypass = field('Teilnehmende umgehen den Wartebereich');
    expect(bypass.disabled).toBe(true);
    fireEvent.click(sync);
    expect(sync.checked).toBe(true);
    expect(field('Wiederholen').value).toBe('Nie');
    expect([online.checked, online.disabled, bypass.disabled]).toEqual([true, true, false]);
    fireEvent.click(bypass);
    expect(bypass.checked).toBe(true);
    await choose('Wiederholen', 'Täglich');
    expect([sync.checked, online.checked, bypass.checked]).toEqual([false, true, false]);
  });
});
