import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { DateInput } from './date-input.tsx';
import { todayIsoDate } from './date-format.ts';
import { axeViolations, renderUi } from './testing.tsx';

function Field(props: {
  initial?: string | null;
  onChange?: (value: string | null) => void;
  futureOnly?: boolean;
  minDate?: string;
  maxDate?: string;
}) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <DateInput
        label="Startdatum"
        value={value}
        futureOnly={props.futureOnly}
        minDate={props.minDate}
        maxDate={props.maxDate}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
      <output>{value ?? 'empty'}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Startdatum') as HTMLInputElement;
const stored = () => screen.getByRole('status').textContent;

function type(text: string) {
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.blur(input());
}

describe('DateInput', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows a stored date as dd.MM.y', () => {
    renderUi(<Field initial="2026-03-05" />);
    expect(input().value).toBe('05.03.2026');
    expect(input().placeholder).toBe('TT.MM.JJJJ');
  });

  it('takes a typed date and stores it as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    renderUi(<Field onChange={onChange} />);
    type('5.3.2026');
    expect(stored()).toBe('2026-03-05');
    await waitFor(() => expect(input().value).toBe('05.03.2026'));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05');
  });

  it('empties the field for text that is no date', async () => {
    renderUi(<Field initial="2026-03-05" />);
    type('31.02.2026');
    expect(stored()).toBe('empty');
    await waitFor(() => expect(input().value).toBe(''));
    type('morgen');
    expect(stored()).toBe('empty');
    expect(input().value).toBe('');
  });

  it('empties the field for a day outside the limits', async () => {
    renderUi(<Field minDate="2026-03-01" maxDate="2026-03-31" />);
    type('15.03.2026');
    expect(stored()).toBe('2026-03-15');
    type('01.04.2026');
    expect(stored()).toBe('empty');
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('takes only today and later when future only', () => {
    renderUi(<Field futureOnly />);
    type('01.01.2020');
    expect(stored()).toBe('empty');
    const [y, m, d] = todayIsoDate().split('-');
    type(`${d}.${m}.${y}`);
    expect(stored()).toBe(todayIsoDate());
  });

  it('opens a calendar whose weeks start on Monday', async () => {
    renderUi(<Field initial="2026-03-05" />);
    fireEvent.click(input());
    const table = await screen.findByRole('table');
    const weekdays = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(weekdays[0]).toBe('Mo');
    expect(weekdays[6]).toBe('So');
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '12. März 2026' }));
    expect(stored()).toBe('2026-03-12');
    expect(await axeViolations()).toEqual([]);
  });

  it('clears with the clear button', () => {
    renderUi(<Field initial="2026-03-05" />);
    fireEvent.click(screen.getByRole('button', { name: 'Datum leeren' }));
    expect(stored()).toBe('empty');
  });
});
