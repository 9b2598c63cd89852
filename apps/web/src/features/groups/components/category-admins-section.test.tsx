import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CategoryAdmin, MemberOption } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { CategoryAdminsSection } from './category-admins-section.tsx';

const member = (id: string, name: string): MemberOption => ({
  id: id.repeat(24),
  displayName: name,
  images: { small: null },
  is_external: false,
});
const CARLA: CategoryAdmin = { ...member('c', 'Carla Kategorie'), path: `/members/${'c'.repeat(24)}` };
const MAX = member('d', 'Max Member');
const ADMINS = 'GET /administration/group-categories/standorte/admins';

describe('the administrators of a group category', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists them, appoints one picked from the members, and removes one after asking', async () => {
    const calls = stubFetch({
      [ADMINS]: { status: 200, body: [CARLA] },
      'GET /members?q=Max': { status: 200, body: { members: [MAX], total: 1, limit: 20, offset: 0 } },
      'POST /administration/group-categories/standorte/admins': {
        status: 201,
        body: [CARLA, { ...MAX, path: `/members/${MAX.id}` }],
      },
      [`DELETE /administration/group-categories/standorte/admins/${CARLA.id}`]: { status: 204 },
    });
    renderUi(<CategoryAdminsSection slug="standorte" />);
    expect(await screen.findByRole('link', { name: /Carla Kategorie/ })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    const picker = screen.getByRole('textbox', { name: 'Administrator:in ernennen' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Max' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Max Member' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ membership_id: MAX.id });
    expect(await screen.findByRole('link', { name: /Max Member/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Carla Kategorie als Administrator:in entfernen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('says so when the category has none', async () => {
    stubFetch({ [ADMINS]: { status: 200, body: [] } });
    renderUi(<CategoryAdminsSection slug="standorte" />);
    expect(await screen.findByText('Noch keine Administrator:innen.')).toBeTruthy();
  });
});
