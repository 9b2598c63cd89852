import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { LEGAL_ACCEPTANCE_KEY, useCreateLegalText } from './api.ts';
import { LegalTextForm } from './legal-text-form.tsx';

/** `/administration/legal_texts/new`. */
export function LegalTextNewPage() {
  const { t } = useTranslation('legal-admin');
  usePageTitle(t('new.title'));
  const create = useCreateLegalText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar title={t('new.title')} backTo="/administration/legal_texts" />
        <LegalTextForm
          saving={create.isPending}
          onSubmit={(body, onError) =>
            create.mutate(body, {
              onSuccess: () => {
                showToast('saving_successful');
                void navigate('/administration/legal_texts');
                void queryClient.invalidateQueries({ queryKey: LEGAL_ACCEPTANCE_KEY });
              },
              onError,
            })
          }
        />
      </Stack>
    </PageContainer>
  );
}
