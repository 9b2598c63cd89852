import { createBrowserRouter } from 'react-router';
import { LandingPage } from '../features/home/pages/landing-page.tsx';
import { PasswordEditPage } from '../features/session/pages/password-edit-page.tsx';
import { PasswordNewPage } from '../features/session/pages/password-new-page.tsx';
import { SignInPage } from '../features/session/pages/sign-in-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

export const router = createBrowserRouter([
  { path: '/users/sign_in', element: <SignInPage /> },
  { path: '/users/password/new', element: <PasswordNewPage /> },
  { path: '/users/password/edit', element: <PasswordEditPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <SignedInLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
