import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { member, routes, signInAs, startEachInGerman } from './sign-in-testing.tsx';

const FACTORS = '/api/v1/authentication/factors';

describe('the code step of signing in', () => {
  startEachInGerman();

  it('asks for the code after the password and goes on to the page asked for', async () => {
    const calls = stubFetch({
      'GET /api/v1/session': { status: 204 },
      'POST /users/sign_in': { status: 200, body: { member, csrf_token: 't', locale: 'de', second_factor: 'verify' } },
      [`GET ${FACTORS}`]: {
        status: 200,
        body: { factors: [{ id: 'f', type: 'totp', last_used_at: null }], available_types: [], backup_codes_left: 10 },
      },
      'PUT /users/two_factor_authentication.json': { status: 200, body: { redirect_to: '/' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in?redirect_to=%2Fdeep');
    await signInAs();

    expect(await screen.findByText('Geben Sie den Code aus Ihrer Authenticator-App ein.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/sign_in');
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deep'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ code: '123456' });
  });

  it('shows a wrong code’s message from the server', async () => {
    stubFetch({
      'GET /api/v1/session': { status: 200, body: { member, csrf_token: 't', locale: 'de', second_factor: 'verify' } },
      [`GET ${FACTORS}`]: { status: 200, body: { factors: [], available_types: [], backup_codes_left: 0 } },
      'PUT /users/two_factor_authentication.json': {
        status: 400,
        body: { error: 'invalid_code', message: 'Der Code ist ungültig.' },
      },
    });
    renderRoutes(routes, '/users/sign_in');
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Code ist ungültig.');
  });

  it('has a member of an enforcing network set a factor up, then offers to continue', async () => {
    stubFetch({
      'GET /api/v1/session': { status: 200, body: { member, csrf_token: 't', locale: 'de', second_factor: 'setup' } },
      [`GET ${FACTORS}`]: { status: 200, body: { factors: [], available_types: ['totp'], backup_codes_left: 0 } },
      [`GET ${FACTORS}/new?type=totp`]: {
        status: 200,
        body: { provisioning_uri: 'otpauth://totp/x', secret_key: 'JBSWY3DPEHPK3PXP', qr_svg: '<svg></svg>' },
      },
      [`POST ${FACTORS}`]: { status: 201, body: { backup_codes: ['1234567890'], redirect_to: '/' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in?redirect_to=%2Fdeep');
    fireEvent.click(await screen.findByRole('button', { name: 'Authenticator-App hinzufügen' }));
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    expect(await screen.findByText('1234567890')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deep'));
  });
});
