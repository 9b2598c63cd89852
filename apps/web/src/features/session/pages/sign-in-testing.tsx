import { fireEvent, screen } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { beforeEach } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { page } from '../../../testing/render.tsx';
import { sessionMember } from '../../../testing/session-member.ts';
import { SignInPage } from './sign-in-page.tsx';

/** The tests of the sign-in page and its code step: the member who signs in. */
export const member = sessionMember;

// Toasts show in a layout that stays while the sign-in page gives way to the next one.
export const routes = [
  {
    element: (
      <>
        <Notifications />
        <Outlet />
      </>
    ),
    children: [page(<SignInPage />, '/users/sign_in'), page(<p>start page</p>, '/'), page(<p>deep page</p>, '/deep')],
  },
];

/** Fills in the form and sends it. */
export async function signInAs(password = 'demo-password') {
  fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'max@example.com' } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

/** Each test starts with nothing stored, in German. */
export function startEachInGerman() {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('de');
  });
}
