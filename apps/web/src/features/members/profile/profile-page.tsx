import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { memberProfileQuery } from './api.ts';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileGroups } from './profile-groups.tsx';
import { ProfileHeader } from './profile-header.tsx';

/** `/members/{id}`: a member's profile; a member one may not see (locked, unknown) is not found. */
export function ProfilePage() {
  const { membershipId = '' } = useParams();
  const profile = useQuery(memberProfileQuery(membershipId));
  usePageTitle(profile.data?.displayName);

  if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage kind="member" />;
  return (
    <PageContainer>
      {profile.isPending && <LoadingRow />}
      {profile.isError && <ErrorRow error={profile.error} onRetry={() => void profile.refetch()} />}
      {profile.data && (
        <Stack gap="md">
          <ProfileHeader profile={profile.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ProfileDetails profile={profile.data} />
            <ProfileGroups profile={profile.data} />
          </SimpleGrid>
        </Stack>
      )}
    </PageContainer>
  );
}
