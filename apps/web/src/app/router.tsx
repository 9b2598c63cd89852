import { createBrowserRouter } from 'react-router';
import { featureRoutes, publicRoutes, standaloneRoutes } from './features.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import { PublicLayout } from './shell/public-layout.tsx';

export const router = createBrowserRouter([
  {
    // Every route's page and translations load lazily: until the first ones are there, the page
    // loader stands in (rather than nothing, and without react-router's warning on every load).
    HydrateFallback: PageLoader,
    children: [
      ...standaloneRoutes,
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: publicRoutes,
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
                children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
              },
            ],
          },
        ],
      },
    ],
  },
]);
