import { createBrowserRouter } from 'react-router';
import { PasswordEditPage } from '../features/session/pages/password-edit-page.tsx';
import { PasswordNewPage } from '../features/session/pages/password-new-page.tsx';
import { SignInPage } from '../features/session/pages/sign-in-page.tsx';
import { FEATURES } from './features.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import { PublicLayout } from './shell/public-layout.tsx';

export const router = createBrowserRouter([
  { path: '/users/sign_in', element: <SignInPage /> },
  { path: '/users/password/new', element: <PasswordNewPage /> },
  { path: '/users/password/edit', element: <PasswordEditPage /> },
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: FEATURES.flatMap((feature) => feature.publicRoutes ?? []),
  },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...FEATURES.flatMap((feature) => feature.routes ?? []),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
