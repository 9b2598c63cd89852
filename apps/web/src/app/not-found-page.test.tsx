import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { renderRoutes } from '../testing/render.tsx';
import { ApiError } from './api-client.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

describe('NotFoundPage and RouteError', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    // React Router reports each error it catches; here they are thrown on purpose.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says which thing is gone and leads back to where the member came from', async () => {
    const { router } = renderRoutes(
      [
        { path: '/notifications', element: <p>the notifications</p> },
        { path: '/appointments/:id', element: <NotFoundPage kind="appointment" /> },
      ],
      '/notifications',
    );
    await router.navigate('/appointments/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment not found' })).toBeTruthy();
    expect(screen.getByText('This appointment no longer exists, or you may no longer see it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('the notifications')).toBeTruthy();
  });

  it('is the page of an unknown address in generic words', async () => {
    renderRoutes([{ path: '*', element: <NotFoundPage /> }], '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('turns a missing or closed thing thrown while rendering into the same state', async () => {
    renderRoutes(
      [
        {
          path: '/x',
          element: <Throws error={new ApiError(403, { error: 'forbidden' })} />,
          errorElement: <RouteError />,
        },
      ],
      '/x',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload page' })).toBeNull();
  });

  it('offers a reload for anything else', async () => {
    renderRoutes([{ path: '/x', element: <Throws error={new Error('boom')} />, errorElement: <RouteError /> }], '/x');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });
});
