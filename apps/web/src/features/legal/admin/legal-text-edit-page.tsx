import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { LegalTextAdmin } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { adminLegalTextQuery, useUpdateLegalText } from './api.ts';
import { LegalTextForm } from './legal-text-form.tsx';

function EditForm({ text }: { text: LegalTextAdmin }) {
  const update = useUpdateLegalText(text.id);
  const navigate = useNavigate();
  return (
    <LegalTextForm
      text={text}
      saving={update.isPending}
      onSubmit={(body, onError) =>
        update.mutate(body, {
          onSuccess: () => {
            showToast('saving_successful');
            void navigate('/administration/legal_texts');
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
        {/* Keyed by the version, so that a text saved elsewhere meanwhile starts the form afresh. */}
        {text.data && <EditForm key={text.data.versions[0]?.id ?? text.data.id} text={text.data} />}
      </Stack>
    </PageContainer>
  );
}
