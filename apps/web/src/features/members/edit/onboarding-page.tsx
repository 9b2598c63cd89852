import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OnboardingAnswer } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { onboardingFormQuery, useCompleteOnboarding } from './api.ts';
import { ProfileForm } from './profile-form.tsx';

/** `/onboarding/profile`: a new member gives their profile before anything else; then where the server says. */
export function OnboardingPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('onboarding.title'));
  const navigate = useNavigate();
  const form = useQuery(onboardingFormQuery);
  const complete = useCompleteOnboarding();

  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('onboarding.title')}
        </Title>
        <Text>{t('onboarding.intro')}</Text>
        {form.isPending && <LoadingRow />}
        {form.isError && <ErrorRow error={form.error} onRetry={() => void form.refetch()} />}
        {form.data && (
          <ProfileForm
            form={form.data}
            sendAll
            save={(member) => complete.mutateAsync(member)}
            saving={complete.isPending}
            submitLabel={t('onboarding.submit')}
            onSaved={(answer) => {
              showToast('saving_successful');
              void navigate((answer as OnboardingAnswer).redirect_to);
            }}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
