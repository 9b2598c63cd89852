import { Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { LegalTextAdmin } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { adminLegalTextQuery, LEGAL_ACCEPTANCE_KEY, useUpdateLegalText } from './api.ts';
import { LegalTextForm } from './legal-text-form.tsx';

function EditForm({ text }: { text: LegalTextAdmin }) {
  const update = useUpdateLegalText(text.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <LegalTextForm
      text={text}
      saving={update.isPending}
      onSubmit={(body, onError) =>
        update.mutate(body, {
          onSuccess: () => {
            showToast('saving_successful');
            void navigate('/administration/legal_texts');
            void queryClient.invalidateQueries({ queryKey: LEGAL_ACCEPTANCE_KEY });
          },
          onError,
        })
      }
    />
  );
}

/** `/administration/legal_texts/{id}/edit`: every save is a new version. */
export function LegalTextEditPage() {
  const { t } = useTranslation('legal-admin');
  const { legalTextId = '' } = useParams();
  const text = useQuery(adminLegalTextQuery(legalTextId));
  usePageTitle(t('edit.title'));
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar title={t('edit.title')} backTo="/administration/legal_texts" />
        {text.isPending && <LoadingRow />}
        {text.isError && <ErrorRow error={text.error} kind="legal_text" onRetry={() => void text.refetch()} />}
        {/* Started from the text as loaded; the save's refetch leaves what was typed alone. */}
        {text.data && <EditForm text={text.data} />}
      </Stack>
    </PageContainer>
  );
}
