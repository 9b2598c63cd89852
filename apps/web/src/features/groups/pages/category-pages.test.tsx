import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GroupCategory } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts } from '../../../ui/testing.tsx';
import { CategoryFormPage } from './category-form-page.tsx';
import { CategoryOrderPage } from './category-order-page.tsx';

const category = (slug: string, name: string, plural_name: string, order: number): GroupCategory => ({
  id: slug.padEnd(24, '0'),
  slug,
  name,
  plural_name,
  color: '#1c7ed6',
  order,
  can: { update: true, create: true, administrate: true },
});

const LIST = 'GET /administration/group-categories';

describe('the group category pages', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the categories in their order, each with a handle to move it and a link to edit it', async () => {
    stubFetch({
      [LIST]: {
        status: 200,
        body: [category('teams', 'Team', 'Teams', 0), category('projects', 'Projekt', 'Projekte', 1)],
      },
    });
    renderRoutes(
      [{ path: '/administration/group-categories-order/edit', element: <CategoryOrderPage /> }],
      '/administration/group-categories-order/edit',
    );
    const rows = await screen.findAllByTestId('category-row');
    expect(rows.map((row) => row.textContent)).toEqual(['TeamTeams · teams', 'ProjektProjekte · projects']);
    expect(within(rows[0]!).getByRole('button', { name: 'Team verschieben' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Projekt bearbeiten' }).getAttribute('href')).toBe(
      '/administration/group-categories/projects/edit',
    );
    expect(screen.getByRole('link', { name: 'Neue Kategorie' }).getAttribute('href')).toBe(
      '/administration/group-categories/new',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when there is no category yet', async () => {
    stubFetch({ [LIST]: { status: 200, body: [] } });
    renderRoutes([{ path: '/', element: <CategoryOrderPage /> }], '/');
    expect(await screen.findByText('Noch keine Kategorien')).toBeTruthy();
  });

  it('creates a category and marks what the server refused', async () => {
    const calls = stubFetch({
      'POST /administration/group-categories': { status: 422, body: { errors: { color: ['invalid'] } } },
    });
    renderRoutes(
      [{ path: '/administration/group-categories/new', element: <CategoryFormPage /> }],
      '/administration/group-categories/new',
    );
    const save = (await screen.findByRole('button', { name: 'Kategorie anlegen' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Gremium' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name in der Mehrzahl/ }), { target: { value: 'Gremien' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      group_category: { name: 'Gremium', plural_name: 'Gremien', color: null },
    });
    // The colour field is marked.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Farbe' }).getAttribute('aria-invalid')).toBe('true'),
    );
  });
});
