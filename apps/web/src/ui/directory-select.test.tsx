import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryGroupOption, DirectoryResult, DirectoryRoleOption } from '@agora/contracts';
import { i18n } from '../i18n/index.ts';
import { stubFetch } from '../testing/render.tsx';
import { DirectorySelect } from './directory-select.tsx';
import { directorySearchPath, type DirectoryOption } from './directory-search.ts';
import { axeViolations, renderUi } from './testing.tsx';

const category = (id: string, name: string) => ({ id, name });
const group = (id: string, name: string, cat: { id: string; name: string }): DirectoryGroupOption => ({
  type: 'group',
  id,
  slug: name.toLowerCase(),
  name,
  category: cat,
  chat_enabled: true,
});
const teams = category('c1', 'Teams');
const places = category('c2', 'Standorte');
const board = group('g1', 'Vorstand', teams);
const berlin = group('g2', 'Berlin', places);
const lead: DirectoryRoleOption = {
  type: 'membership_role',
  id: 'r1',
  slug: 'leitung',
  name: 'Leitung',
  plural_name: 'Leitungen',
  color: '#c00',
  group: { id: 'g1', name: 'Vorstand' },
};

function answer(
  groups: DirectoryGroupOption[],
  roles: DirectoryRoleOption[],
): { status: number; body: DirectoryResult } {
  return { status: 200, body: { groups, membership_roles: roles, limit: 20 } };
}

function Picker({ onChange }: { onChange: (value: DirectoryOption[]) => void }) {
  const [value, setValue] = useState<DirectoryOption[]>([]);
  return (
    <DirectorySelect
      label="Gruppen und Rollen"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DirectorySelect', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('lists groups by category and roles last, and picks several', async () => {
    const calls = stubFetch({
      'GET /directory?q=&include_membership_roles=true': answer([board, berlin], [lead]),
      'GET /directory?q=Vor&include_membership_roles=true': answer([board], []),
    });
    const onChange = vi.fn();
    renderUi(<Picker onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Gruppen und Rollen' });
    fireEvent.focus(input);
    const groups = await screen.findAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && g.textContent)).toEqual([
      'StandorteBerlin',
      'TeamsVorstand',
      'RollenLeitungVorstand',
    ]);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(within(groups[2]!).getByRole('option', { name: /Leitung/ }));
    expect(onChange).toHaveBeenLastCalledWith([lead]);
    expect(screen.getByText('Leitung (Vorstand)')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Vor' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Berlin' })).toBeNull());
    fireEvent.click(screen.getByRole('option', { name: 'Vorstand' }));
    expect(onChange).toHaveBeenLastCalledWith([lead, board]);
    expect(calls.map((c) => c.path)).toEqual([
      '/directory?q=&include_membership_roles=true',
      '/directory?q=Vor&include_membership_roles=true',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Leitung (Vorstand) entfernen' }));
    expect(onChange).toHaveBeenLastCalledWith([board]);
  });

  it('says so when nothing matches', async () => {
    stubFetch({
      'GET /directory?q=&include_membership_roles=true': answer([board], []),
      'GET /directory?q=xyz&include_membership_roles=true': answer([], []),
    });
    renderUi(<Picker onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Gruppen und Rollen' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'xyz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Kein Treffer.'));
  });

  it('asks for groups only when told so', () => {
    expect(directorySearchPath('Vor', false)).toBe('/directory?q=Vor');
  });
});
