import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionQuery } from '../features/session/index.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { ErrorRow } from '../ui/rows.tsx';

const ONBOARDING_PATH = '/onboarding/profile';

/** Routes are for signed-in members: anyone else is sent to sign in and brought back after. */
export function RequireSession() {
  const session = useQuery(sessionQuery);
  const location = useLocation();

  if (session.isPending) return <PageLoader />;
  // The session could not be checked (the server is unavailable): say so and offer to try again,
  // rather than sending a member who may well be signed in to the sign-in page.
  if (session.isError) {
    return (
      <Container size="sm" py="xl">
        <ErrorRow error={session.error} onRetry={() => session.refetch()} />
      </Container>
    );
  }
  // A session still waiting for its second factor reaches nothing but the sign-in's code step.
  if (!session.data || session.data.second_factor) {
    const back = location.pathname + location.search;
    const query = back === '/' ? '' : `?redirect_to=${encodeURIComponent(back)}`;
    return <Navigate to={`/users/sign_in${query}`} replace />;
  }
  // A new member whose network asks for profile data gives it before anything else.
  if (session.data.member.onboarding_pending && location.pathname !== ONBOARDING_PATH) {
    return <Navigate to={ONBOARDING_PATH} replace />;
  }
  return <Outlet />;
}
