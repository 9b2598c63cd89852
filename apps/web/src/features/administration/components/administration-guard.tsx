import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { networkQuery } from '../../home/index.ts';

/**
 * The network's administration (`/administration/*`) only for its administrators (network shell
 * `can.administrate`): everyone else meets the no-access page instead of cards and forms that
 * the server would refuse. Group and category administrations live elsewhere and stay open.
 */
export function AdministrationGuard() {
  const network = useQuery(networkQuery);
  if (network.isPending)
    return (
      <PageContainer>
        <LoadingRow />
      </PageContainer>
    );
  if (network.isError)
    return (
      <PageContainer>
        <ErrorRow error={network.error} onRetry={() => void network.refetch()} />
      </PageContainer>
    );
  if (!network.data.can.administrate) return <NotFoundPage kind="administration" reason="forbidden" />;
  return <Outlet />;
}
