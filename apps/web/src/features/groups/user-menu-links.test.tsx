import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentMember, NetworkShell } from '@agora/contracts';
import { UserMenu } from '../../app/shell/user-menu.tsx';
import { i18n } from '../../i18n/index.ts';
import { renderUi } from '../../ui/testing.tsx';
import { groupsFeature } from './index.ts';

const category = (slug: string, plural_name: string, administrate: boolean) => ({
  id: slug.padEnd(24, '0'),
  slug,
  name: plural_name,
  plural_name,
  order: 0,
  active_theme: null,
  can: { administrate },
});

function renderMenu(categories: NetworkShell['group_categories']) {
  const network = { group_categories: categories, can: { administrate: false } } as unknown as NetworkShell;
  const member = {
    id: 'a'.repeat(24),
    displayName: 'Lena Schmidt',
    images: { medium: null },
  } as unknown as CurrentMember;
  renderUi(<UserMenu context={{ network, member, unreads: undefined }} entries={groupsFeature.userMenu ?? []} />);
  fireEvent.click(screen.getByTestId('user-menu'));
}

describe('the category administration links of the profile menu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('links each category the member administrates, and no other', async () => {
    renderMenu([category('teams', 'Teams', false), category('interessen', 'Interessen', true)]);
    const menu = await screen.findByRole('menu');
    const link = await within(menu).findByRole('menuitem', { name: 'Administration: Interessen' });
    expect(link.getAttribute('href')).toBe('/group-categories/interessen/administration');
    expect(within(menu).queryByRole('menuitem', { name: 'Administration: Teams' })).toBeNull();
  });

  it('shows none to a member who administrates no category', async () => {
    renderMenu([category('teams', 'Teams', false)]);
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Abmelden' });
    expect(within(menu).queryByRole('menuitem', { name: /^Administration/ })).toBeNull();
  });
});
