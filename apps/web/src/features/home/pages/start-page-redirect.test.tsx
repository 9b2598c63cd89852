import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { networkShell } from '../../../testing/network-shell.ts';
import { sessionMember } from '../../../testing/session-member.ts';
import { ok, stubApi } from '../../../testing/stub-api.ts';
import { renderUi } from '../../../ui/testing.tsx';
import { LandingPage } from './landing-page.tsx';

function stubShell(startPage: string | null) {
  stubApi({
    'GET /api/v1/session': ok({ member: sessionMember, csrf_token: 'csrf', locale: 'en' }),
    'GET /api/v1/network': ok({ ...networkShell(), start_page: startPage }),
  });
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
