import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAppNavigation } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { AppNavigationEditPage } from './app-navigation-edit-page.tsx';

function render() {
  const calls = stubFetch({
    'GET /administration/app_navigation.json': {
      status: 200,
      body: { items: defaultAppNavigation('de'), updated_at: null },
    },
    'GET /administration/pages.json': { status: 200, body: { pages: [] } },
  });
  renderUi(<AppNavigationEditPage />, { path: '/administration/app_navigation/edit' });
  return calls;
}

describe('the app navigation editor', { timeout: 40_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('shows five items, add disabled at five, the more item fixed; below five save is disabled', async () => {
    render();
    const slots = await screen.findAllByTestId('app-slot');
    expect(slots).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Eintrag hinzufügen' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', false);
    expect(within(slots[4]!).queryByRole('button', { name: /verschieben/ })).toBeNull();
    expect(within(slots[1]!).getByRole('button', { name: 'Nachrichten verschieben' })).toBeTruthy();
    fireEvent.click(within(slots[1]!).getByRole('button', { name: 'Nachrichten entfernen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.getAllByTestId('app-slot')).toHaveLength(4));
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Eintrag hinzufügen' })).toHaveProperty('disabled', false);
  });

  it('has no serious accessibility findings', async () => {
    render();
    await screen.findAllByTestId('app-slot');
    expect(await axeViolations()).toEqual([]);
  });

  it('has exactly one entry point, never on the more item', async () => {
    render();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([true, false, false, false, false]);
    expect((radios[4] as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(radios[2]!);
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([
        false,
        false,
        true,
        false,
        false,
      ]),
    );
  });
});
