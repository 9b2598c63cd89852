import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NavigationAnswer } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { NavigationEditPage } from './navigation-edit-page.tsx';

const LOAD = 'GET /administration/navigation.json';
const SAVE = 'PUT /administration/navigation';
const answer = (items: NavigationAnswer['navigation_items']): NavigationAnswer => ({
  navigation_items: items,
  updated_at: null,
});
const HELP = { text: 'Hilfe', link: '', public: true, new_window: false, navigation_items: [] as never[] };
const pickers = {
  'GET /administration/pages.json': { status: 200, body: { pages: [] } },
  'GET /administration/apps.json': { status: 200, body: { apps: [] } },
};

function render(answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ ...pickers, ...answers });
  renderUi(<NavigationEditPage />, { path: '/administration/navigation/edit' });
  return calls;
}

describe('the navigation editor', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('blocks saving an item without a link or children, with the empty-fields toast', async () => {
    const calls = render({ [LOAD]: { status: 200, body: answer([HELP]) } });
    expect(await screen.findByText('Hilfe')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findAllByText('Jeder Eintrag braucht einen Text und entweder einen Link oder Einträge darunter.'),
    ).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    // Children are offered on the top two levels only.
    expect(screen.getByRole('button', { name: 'Eintrag unter Hilfe hinzufügen' })).toBeTruthy();
  });

  it('adds an item with a link and saves the whole navigation, with the success banner', async () => {
    const saved = answer([{ ...HELP, text: 'Intranet', link: 'https://intranet.example.test', public: false }]);
    const calls = render({ [LOAD]: { status: 200, body: answer([]) }, [SAVE]: { status: 200, body: saved } });
    expect(await screen.findByText('Noch keine Einträge')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eintrag hinzufügen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Text/), { target: { value: 'Intranet' } });
    fireEvent.change(within(dialog).getByLabelText(/^Link/), { target: { value: 'https://intranet.example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Navigation wurde gespeichert.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      navigation_items: [
        {
          text: 'Intranet',
          link: 'https://intranet.example.test',
          public: false,
          new_window: false,
          navigation_items: [],
        },
      ],
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the save error banner when the server refuses, and the load error message', async () => {
    render({
      [LOAD]: { status: 200, body: answer([{ ...HELP, link: '/hilfe' }]) },
      [SAVE]: { status: 500, body: { error: 'internal_error' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Navigation konnte nicht gespeichert werden.')).toBeTruthy();
  });

  it('says so when the navigation cannot be loaded', async () => {
    render({ [LOAD]: { status: 500, body: { error: 'internal_error' } } });
    expect(await screen.findByText('Die Navigation konnte nicht geladen werden.')).toBeTruthy();
  });

  it('asks before removing an item', async () => {
    render({ [LOAD]: { status: 200, body: answer([{ ...HELP, link: '/hilfe' }]) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Hilfe entfernen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('„Hilfe“ entfernen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Noch keine Einträge')).toBeTruthy();
  });
});
