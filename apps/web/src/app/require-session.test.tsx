import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { page, renderRoutes, stubFetch } from '../testing/render.tsx';
import { RequireSession } from './require-session.tsx';

const routes = [
  { element: <RequireSession />, children: [page(<p>members only</p>, '/')] },
  page(<p>sign-in page</p>, '/users/sign_in'),
];

describe('RequireSession', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('sends a visitor without a session to sign in', async () => {
    stubFetch({ 'GET /api/v1/session': { status: 204 } });
    renderRoutes(routes, '/');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
  });

  it('says the server is unavailable, without sending anyone to sign in, and tries again', async () => {
    const calls = stubFetch({ 'GET /api/v1/session': { status: 503, body: { error: 'service_unavailable' } } });
    renderRoutes(routes, '/');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
    expect(screen.queryByText('sign-in page')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/session')).toHaveLength(2));
  });
});
