import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionQuery } from '../features/session/api.ts';
import { changeLocale, isLocale } from '../i18n/index.ts';
import { PageLoader } from '../ui/page-loader.tsx';

/** Routes are for signed-in members: anyone else is sent to sign in and brought back after. */
export function RequireSession() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  const locale = session.data?.locale;

  useEffect(() => {
    if (isLocale(locale)) changeLocale(locale, false);
  }, [locale]);

  if (session.isPending) return <PageLoader />;
  if (!session.data) {
    const back = location.pathname + location.search;
    const query = back === '/' ? '' : `?redirect_to=${encodeURIComponent(back)}`;
    return <Navigate to={`/users/sign_in${query}`} replace />;
  }
  return <Outlet />;
}
