import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { TimeInput } from './time-input.tsx';
import { axeViolations, renderUi } from './testing.tsx';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeInput label="Beginn" value={value} onChange={setValue} />
      <output>{value || 'empty'}</output>
      <button type="button" onClick={() => setValue('12:00')}>
        Mittag
      </button>
    </>
  );
}

const input = () => screen.getByLabelText('Beginn') as HTMLInputElement;
const stored = () => screen.getByRole('status').textContent;

function caretAt(position: number) {
  input().setSelectionRange(position, position);
}

describe('TimeInput', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('puts typed times right when the field is left', () => {
    renderUi(<Field />);
    for (const [typed, expected] of [
      ['9:5', '09:05'],
      ['930', '09:30'],
      ['25:30', '00:30'],
      ['12:75', '12:00'],
    ]) {
      fireEvent.change(input(), { target: { value: typed } });
      fireEvent.blur(input());
      expect(input().value, typed).toBe(expected);
      expect(stored(), typed).toBe(expected);
    }
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(stored()).toBe('empty');
  });

  it('takes a complete time while typing', () => {
    renderUi(<Field />);
    fireEvent.change(input(), { target: { value: '14:1' } });
    expect(stored()).toBe('empty');
    fireEvent.change(input(), { target: { value: '14:15' } });
    expect(stored()).toBe('14:15');
  });

  it('steps an hour in the hours and five minutes in the minutes', () => {
    renderUi(<Field initial="09:58" />);
    caretAt(1);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(stored()).toBe('10:58');
    expect(input().selectionStart).toBe(2);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(stored()).toBe('08:58');
    caretAt(4);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(stored()).toBe('09:00');
    expect(input().selectionStart).toBe(5);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(stored()).toBe('08:55');
  });

  it('shows a value set from outside, and explains the keys to screen readers', async () => {
    renderUi(<Field initial="08:00" />);
    fireEvent.click(screen.getByRole('button', { name: 'Mittag' }));
    expect(input().value).toBe('12:00');
    expect(input().getAttribute('aria-description')).toContain('Pfeiltasten');
    expect(await axeViolations()).toEqual([]);
  });
});
