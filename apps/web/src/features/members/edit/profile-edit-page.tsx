import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { profileFormQuery, useUpdateProfile } from './api.ts';
import { ProfileForm } from './profile-form.tsx';

/** `/members/{membershipId}/edit`: the member's profile form; back to the profile once saved. */
export function ProfileEditPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('profile_edit.title'));
  const { membershipId = '' } = useParams();
  const navigate = useNavigate();
  const form = useQuery(profileFormQuery(membershipId));
  const update = useUpdateProfile(membershipId);
  const profilePath = `/members/${membershipId}`;

  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('profile_edit.title')}
        </Title>
        {form.isPending && <LoadingRow />}
        {form.isError && <ErrorRow error={form.error} onRetry={() => void form.refetch()} />}
        {form.data && (
          <ProfileForm
            key={form.data.member.id}
            form={form.data}
            save={(member) => update.mutateAsync(member)}
            saving={update.isPending}
            submitLabel={t('common:save')}
            cancelPath={profilePath}
            changeRequestPath={`/members/${membershipId}/change_requests/new`}
            onSaved={() => {
              showToast('saving_successful');
              void navigate(profilePath);
            }}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
