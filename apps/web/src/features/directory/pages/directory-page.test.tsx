import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  DirectoryCategoryResult,
  DirectoryGroup,
  DirectoryMember,
  DirectoryMembersResult,
} from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { DirectoryPage } from './directory-page.tsx';

const TEAMS = 't'.repeat(24);
const NETWORK = {
  id: 'n'.repeat(24),
  name: 'Acme',
  group_categories: [
    { id: TEAMS, slug: 'teams', name: 'Team', plural_name: 'Teams', order: 0, active_theme: null, can: {} },
    {
      id: 'p'.repeat(24),
      slug: 'projects',
      name: 'Projekt',
      plural_name: 'Projekte',
      order: 1,
      active_theme: null,
      can: {},
    },
  ],
};

function member(id: string, name: string, profile: Record<string, string>, external = false): DirectoryMember {
  const [first = '', last = ''] = name.split(' ');
  return {
    id: id.repeat(24),
    displayName: name,
    first_name: first,
    last_name: last,
    path: `/members/${id.repeat(24)}`,
    images: { small: null, medium: null, large: null },
    is_external: external,
    locked: false,
    profile,
  };
}
const ADA = member('a', 'Ada Lovelace', { department: 'Engineering', location: 'London' });
const GINA = member('b', 'Gina Gast', { department: 'Sales' }, true);

function members(list: DirectoryMember[], extra: Partial<DirectoryMembersResult> = {}): DirectoryMembersResult {
  return {
    members: list,
    total: list.length,
    page: 1,
    per_page: 24,
    sort: 'last_name',
    profile_fields: ['department', 'location'],
    filters: [
      {
        field: 'department',
        value: null,
        options: [
          { value: 'Engineering', count: 1 },
          { value: 'Sales', count: 1 },
        ],
      },
    ],
    group: null,
    ...extra,
  };
}

function group(id: string, name: string, extra: Partial<DirectoryGroup>): DirectoryGroup {
  return {
    id: id.repeat(24),
    slug: name.toLowerCase(),
    name,
    teaser: '',
    access: 'open',
    archived: false,
    profile_image: null,
    member_count: 3,
    membership_status_of_current_member: 'no_member',
    invite: null,
    can: { join: false, join_moderated: false, leave: false },
    ...extra,
  };
}
const teams = (groups: DirectoryGroup[]): DirectoryCategoryResult => ({
  category: { id: TEAMS, slug: 'teams', name: 'Team', plural_name: 'Teams', color: null },
  groups,
  total: groups.length,
  page: 1,
  per_page: 20,
});

describe('the directory page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    clearToasts();
    await i18n.changeLanguage('de');
  });

  it('lists the members with image, name, guest badge and the profile fields under their labels', async () => {
    stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/members': { status: 200, body: members([ADA, GINA]) },
    });
    renderUi(<DirectoryPage />, { path: '/members' });
    const list = await screen.findByRole('list', { name: 'Mitglieder' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      `/members/${ADA.id}`,
    );
    expect(rows[0]!.textContent).toContain('Abteilung Engineering');
    expect(rows[0]!.textContent).toContain('Standort London');
    expect(rows[1]!.textContent).toContain('Gast');
    expect(screen.getByTestId('members-total').textContent).toBe('2 Mitglieder');
    expect(await screen.findByRole('tab', { name: 'Teams' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mitglieder' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations()).toEqual([]);
  });

  it('puts a chosen filter, the sort and the search into the address, which asks the server again', async () => {
    const calls = stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/members': { status: 200, body: members([ADA, GINA]) },
      'GET /directory/members?filter%5Bdepartment%5D=Sales': {
        status: 200,
        body: members([GINA], { filters: [{ ...members([]).filters[0]!, value: 'Sales' }] }),
      },
      'GET /directory/members?sort=first_name&filter%5Bdepartment%5D=Sales': {
        status: 200,
        body: members([GINA], { sort: 'first_name' }),
      },
      'GET /directory/members?q=gin&sort=first_name&filter%5Bdepartment%5D=Sales': {
        status: 200,
        body: members([GINA], { sort: 'first_name' }),
      },
    });
    const { router } = renderUi(<DirectoryPage />, { path: '/members' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('textbox', { name: 'Abteilung' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter%5Bdepartment%5D=Sales'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Gina Gast' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Vorname' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=first_name'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }), { target: { value: 'gin' } });
    // Debounced: the address changes once typing pauses.
    expect(router.state.location.search).not.toContain('q=');
    await waitFor(() => expect(router.state.location.search).toContain('q=gin'));
    await waitFor(() => expect(calls.some((c) => c.path.includes('q=gin'))).toBe(true));

    // Back restores the search of the entry before, field included.
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Mitglieder suchen' }) as HTMLInputElement).value).toBe(''),
    );
    await router.navigate(1);
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Mitglieder suchen' }) as HTMLInputElement).value).toBe('gin'),
    );
  });

  it('says when no member matches and offers to reset', async () => {
    stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/members?q=zz': { status: 200, body: members([]) },
    });
    const { router } = renderUi(<DirectoryPage />, { path: '/members?q=zz' });
    expect(await screen.findByText('Keine passenden Mitglieder')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suche und Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages with a window of two pages on each side of the current one', async () => {
    stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/members?page=6': { status: 200, body: members([ADA], { total: 24 * 12, page: 6 }) },
    });
    const { router } = renderUi(<DirectoryPage />, { path: '/members?page=6' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    for (const page of [1, 4, 5, 6, 7, 8, 12])
      expect(screen.getByRole('button', { name: `Seite ${page}` })).toBeTruthy();
    for (const page of [2, 3, 9, 10, 11]) expect(screen.queryByRole('button', { name: `Seite ${page}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=7'));
  });

  it("shows a category's groups with the member's state and the fitting action, updated after it", async () => {
    const open = group('1', 'Marketing', { can: { join: true, join_moderated: false, leave: false } });
    const moderated = group('2', 'Vorstand', {
      access: 'closed',
      can: { join: false, join_moderated: true, leave: false },
    });
    const mine = group('3', 'Engineering', {
      membership_status_of_current_member: 'member',
      can: { join: false, join_moderated: false, leave: true },
    });
    const invited = group('4', 'Design', {
      membership_status_of_current_member: 'invited',
      invite: { id: 'i'.repeat(24) },
    });
    const pending = group('5', 'Einkauf', { membership_status_of_current_member: 'in_moderation', access: 'closed' });
    const answers = {
      'GET /api/v1/network': { status: 200, body: NETWORK },
      [`GET /directory/${TEAMS}.json`]: { status: 200, body: teams([open, moderated, mine, invited, pending]) },
      [`POST /api/v1/groups/${open.id}/join`]: { status: 200, body: {} },
    };
    const calls = stubFetch(answers);
    renderUi(<DirectoryPage category={TEAMS} />, { path: `/directory/${TEAMS}` });
    const list = await screen.findByRole('list', { name: 'Teams' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).queryByRole('button')?.textContent ?? null)).toEqual([
      'Beitreten',
      'Beitritt anfragen',
      'Verlassen',
      'Einladung annehmen',
      'Anfrage zurückziehen',
    ]);
    expect(rows[2]!.textContent).toContain('Mitglied');
    expect(rows[3]!.textContent).toContain('Eingeladen');
    expect(rows[4]!.textContent).toContain('Anfrage offen');
    expect(rows[1]!.textContent).toContain('Geschlossen');
    expect(screen.getByRole('tab', { name: 'Teams' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations()).toEqual([]);

    answers[`GET /directory/${TEAMS}.json`] = {
      status: 200,
      body: teams([
        {
          ...open,
          membership_status_of_current_member: 'member',
          member_count: 4,
          can: { join: false, join_moderated: false, leave: true },
        },
      ]),
    };
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Beitreten: Marketing' }));
    expect(await screen.findByText('Sie sind Marketing beigetreten.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/v1/groups/${open.id}/join`)).toBe(true);
    await waitFor(() => expect(screen.getByText('4 Mitglieder')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Verlassen: Marketing' })).toBeTruthy();
  });

  it('asks before leaving a group, and accepts an invitation through the invites call', async () => {
    const mine = group('3', 'Engineering', {
      membership_status_of_current_member: 'member',
      can: { join: false, join_moderated: false, leave: true },
    });
    const invited = group('4', 'Design', {
      membership_status_of_current_member: 'invited',
      invite: { id: 'i'.repeat(24) },
    });
    const calls = stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      [`GET /directory/${TEAMS}.json`]: { status: 200, body: teams([mine, invited]) },
      [`DELETE /api/v1/groups/${mine.id}/join`]: { status: 204 },
      [`POST /api/v1/invites/${'i'.repeat(24)}/accept`]: { status: 200, body: {} },
    });
    renderUi(<DirectoryPage category={TEAMS} />, { path: `/directory/${TEAMS}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Verlassen: Engineering' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Möchten Sie Engineering wirklich verlassen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verlassen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Einladung annehmen: Design' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(true));
  });

  it('says "category not found" for an unknown category', async () => {
    stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/nothing.json': { status: 404, body: { error: 'category_not_found' } },
    });
    renderUi(<DirectoryPage category="nothing" />, { path: '/directory/nothing' });
    expect(await screen.findByText('Kategorie nicht gefunden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zu den Mitgliedern' }).getAttribute('href')).toBe('/directory');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    stubFetch({
      'GET /api/v1/network': { status: 200, body: NETWORK },
      'GET /directory/members': { status: 200, body: members([ADA]) },
    });
    renderUi(<DirectoryPage />, { path: '/members' });
    expect(await screen.findByText('1 member')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Directory' })).toBeTruthy();
    expect(screen.getAllByText('Department', { selector: 'span' }).length).toBeGreaterThan(0);
  });
});
