import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_SEARCH_DEBOUNCE_MS, type MemberOption, type MemberSearchResult } from '@agora/contracts';
import { i18n } from '../i18n/index.ts';
import { stubFetch } from '../testing/render.tsx';
import { MemberSelect } from './member-select.tsx';
import { memberSearchPath } from './member-search.ts';
import { axeViolations, renderUi } from './testing.tsx';

const max: MemberOption = { id: 'a'.repeat(24), displayName: 'Max Meier', images: { small: null }, is_external: false };
const maria: MemberOption = {
  id: 'b'.repeat(24),
  displayName: 'Maria Gast',
  images: { small: '/images/maria.png' },
  is_external: true,
};

function result(members: MemberOption[]): { status: number; body: MemberSearchResult } {
  return { status: 200, body: { members, total: members.length, limit: 20, offset: 0 } };
}

function Multiple({ onChange }: { onChange?: (value: MemberOption[]) => void }) {
  const [value, setValue] = useState<MemberOption[]>([]);
  return (
    <MemberSelect
      multiple
      label="Empfänger"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function Single() {
  const [value, setValue] = useState<MemberOption | null>(null);
  return (
    <>
      <MemberSelect label="Kontakt" value={value} onChange={setValue} includeConsumers />
      <output>{value?.displayName ?? 'nobody'}</output>
    </>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('MemberSelect', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for more characters before it searches', async () => {
    const calls = stubFetch({});
    renderUi(<Multiple />);
    fireEvent.focus(field('Empfänger'));
    expect((await screen.findByRole('status')).textContent).toBe('Bitte geben Sie mindestens 2 Zeichen ein.');
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(field('Empfänger'), { target: { value: 'M ' } });
    await new Promise((resolve) => setTimeout(resolve, MEMBER_SEARCH_DEBOUNCE_MS + 50));
    expect(screen.getByRole('status').textContent).toBe('Bitte geben Sie mindestens 2 Zeichen ein.');
    expect(calls).toHaveLength(0);
  });

  it('waits 375 ms after the last keystroke, then asks once', async () => {
    vi.useFakeTimers();
    const calls = stubFetch({ 'GET /members?q=Max': result([max]) });
    renderUi(<Multiple />);
    fireEvent.focus(field('Empfänger'));
    fireEvent.change(field('Empfänger'), { target: { value: 'Ma' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(field('Empfänger'), { target: { value: 'Max' } });
    await act(() => vi.advanceTimersByTimeAsync(MEMBER_SEARCH_DEBOUNCE_MS - 1));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Suche läuft …');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(calls.map((c) => c.path)).toEqual(['/members?q=Max']);
    expect(screen.getByRole('option', { name: 'Max Meier' })).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    stubFetch({ 'GET /members?q=Zz': result([]) });
    renderUi(<Multiple />);
    fireEvent.focus(field('Empfänger'));
    fireEvent.change(field('Empfänger'), { target: { value: 'Zz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Kein Treffer.'));
  });

  it('picks several members, shows guests, and removes them again', async () => {
    stubFetch({ 'GET /members?q=Ma': result([max, maria]) });
    const onChange = vi.fn();
    renderUi(<Multiple onChange={onChange} />);
    fireEvent.focus(field('Empfänger'));
    fireEvent.change(field('Empfänger'), { target: { value: 'Ma' } });
    const option = await screen.findByRole('option', { name: 'Maria Gast Gast' });
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/images/maria.png');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith([maria]);
    expect(field('Empfänger').value).toBe('');

    fireEvent.focus(field('Empfänger'));
    fireEvent.change(field('Empfänger'), { target: { value: 'Ma' } });
    await screen.findByRole('option', { name: 'Max Meier' });
    expect(screen.queryByRole('option', { name: /Maria/ })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Max Meier' }));
    expect(onChange).toHaveBeenLastCalledWith([maria, max]);

    fireEvent.click(screen.getByRole('button', { name: 'Maria Gast entfernen' }));
    expect(onChange).toHaveBeenLastCalledWith([max]);
    expect(await axeViolations()).toEqual([]);
    fireEvent.keyDown(field('Empfänger'), { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('picks one member with the keyboard and replaces it with the next', async () => {
    const calls = stubFetch({
      'GET /members?q=Max&include_consumers=true': result([max]),
      'GET /members?q=Mar&include_consumers=true': result([maria]),
    });
    renderUi(<Single />);
    fireEvent.focus(field('Kontakt'));
    fireEvent.change(field('Kontakt'), { target: { value: 'Max' } });
    await screen.findByRole('option', { name: 'Max Meier' });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Max Meier' }).dataset.comboboxSelected).toBe('true'),
    );
    fireEvent.keyDown(field('Kontakt'), { key: 'Enter', code: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('Max Meier');

    fireEvent.focus(field('Kontakt'));
    fireEvent.change(field('Kontakt'), { target: { value: 'Mar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Maria Gast Gast' }));
    expect(screen.getByRole('status').textContent).toBe('Maria Gast');
    expect(calls.every((c) => c.path.includes('include_consumers=true'))).toBe(true);
  });
});

describe('memberSearchPath', () => {
  it('passes the options of the spec', () => {
    expect(memberSearchPath('Max Meier')).toBe('/members?q=Max+Meier');
    expect(memberSearchPath('Max', { includeConsumers: true, excludeGroupMembersOf: 'g1' })).toBe(
      '/members?q=Max&include_consumers=true&exclude_group_members_of=g1',
    );
    expect(memberSearchPath('Max', { groupSlug: 'vorstand' })).toBe('/groups/vorstand/members?q=Max');
  });
});
