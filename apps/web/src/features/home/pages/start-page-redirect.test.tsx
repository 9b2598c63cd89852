import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { networkShell } from '../../../testing/network-shell.ts';
import { renderUi } from '../../../ui/testing.tsx';
import { LandingPage } from './landing-page.tsx';

const member = {
  id: 'a'.repeat(24),
  displayName: 'Max Meier',
  name: 'Max Meier',
  first_name: 'Max',
  last_name: 'Meier',
  path: `/members/${'a'.repeat(24)}`,
  images: { small: null, medium: null, large: null },
  is_external: false,
  network_admin: false,
  profile: {},
  birthday: null,
  birthday_is_today: false,
  age: null,
};

function stubShell(startPage: string | null) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body =
      path === '/api/v1/session'
        ? { member, csrf_token: 'csrf', locale: 'en' }
        : path === '/api/v1/network'
          ? { ...networkShell(), start_page: startPage }
          : undefined;
    return body === undefined
      ? new Response(JSON.stringify({ error: 'not_found' }), { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe("the root and the network's start page", () => {
  it('leads to the start page the network set', async () => {
    stubShell('/calendars?view=month');
    const { router } = renderUi(<LandingPage />, { path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendars'));
    expect(router.state.location.search).toBe('?view=month');
  });

  it('stays on the start page without one', async () => {
    stubShell(null);
    const { router, findByTestId } = renderUi(<LandingPage />, { path: '/' });
    expect(await findByTestId('member-role')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
