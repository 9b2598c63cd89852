import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DirectoryMember } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { MemberRow } from './member-row.tsx';

function member(name: string, locked: boolean): DirectoryMember {
  const [first = '', last = ''] = name.split(' ');
  return {
    id: 'l'.repeat(24),
    displayName: name,
    first_name: first,
    last_name: last,
    path: `/members/${'l'.repeat(24)}`,
    images: { small: null, medium: null, large: null },
    is_external: false,
    locked,
    profile: { department: 'Sales' },
  };
}

function renderRow(row: DirectoryMember) {
  return renderUi(
    <ul>
      <MemberRow member={row} fields={['department']} labelOf={() => 'Department'} />
    </ul>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a row of the directory', () => {
  it('marks a locked member with a badge and dims the row, still linking the profile', async () => {
    renderRow(member('Lothar Locked', true));
    const row = screen.getByRole('listitem');
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(row.className).toMatch(/locked/);
    expect(screen.getByRole('link', { name: 'Lothar Locked' }).getAttribute('href')).toBe(`/members/${'l'.repeat(24)}`);
    expect(await axeViolations()).toEqual([]);
  });

  it('says it in German', async () => {
    await i18n.changeLanguage('de');
    renderRow(member('Lothar Locked', true));
    expect(screen.getByText('Gesperrt')).toBeTruthy();
  });

  it('shows no badge for a member who is not locked', () => {
    renderRow(member('Ada Lovelace', false));
    expect(screen.queryByText('Locked')).toBeNull();
    expect(screen.getByRole('listitem').className).not.toMatch(/locked/);
  });
});
