import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { FileEntry } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { UploadField, useUploadField } from '../../../ui/upload/index.ts';
import { networkQuery } from '../../home/index.ts';
import { fileQuery, useAddVersion } from '../api.ts';
import { DescriptionField, FileFormPage } from '../components/file-form.tsx';
import { useFileFolders } from '../components/use-file-folders.ts';
import { filePath } from '../lib/paths.ts';

/** `/files/{id}/versions/new`: one file becomes the next version (or waits for approval). */
export function NewVersionPage() {
  const { fileId = '' } = useParams();
  const file = useQuery(fileQuery(fileId));
  if (file.isPending) return <LoadingRow />;
  if (file.isError)
    return (
      <PageContainer>
        <ErrorRow error={file.error} onRetry={() => void file.refetch()} kind="page" />
      </PageContainer>
    );
  if (!file.data.can.update) return <NotFoundState reason="forbidden" titleOrder={1} />;
  return <NewVersionForm key={file.data.id} file={file.data} />;
}

function NewVersionForm({ file }: { file: FileEntry }) {
  const { t } = useTranslation('files');
  const { groupSlug = null } = useParams();
  const navigate = useNavigate();
  const network = useQuery(networkQuery).data;
  const upload = useUploadField('files');
  const add = useAddVersion();
  const { folders } = useFileFolders(file.folder_ids);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = t('new_version.title', { name: file.name });
  usePageTitle(title);
  const back = filePath(file.id, groupSlug);
  // Reviewers' versions are current at once; for the others a folder that asks for approval holds them.
  const approval = !file.can.review && folders.some((folder) => folder.requires_approval);
  const uploadId = upload.keptIds[0];

  const submit = async () => {
    if (upload.isUploading) return;
    if (!uploadId) {
      setErrors({ upload_id: t('new_version.file_required') });
      return;
    }
    try {
      const answer = await add.mutateAsync({ fileId: file.id, body: { upload_id: uploadId, description } });
      showToast(t(answer.pending_version ? 'new_version.pending' : 'new_version.added'), {
        kind: answer.pending_version ? 'info' : 'success',
      });
      void navigate(back);
    } catch (error) {
      setErrors(showFormErrors(error, { ns: 'files', labels: { upload_id: t('new_version.file') } }));
    }
  };

  return (
    <FileFormPage
      title={title}
      back={back}
      notice={
        approval && (
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('new_version.approval_hint')}
          </Alert>
        )
      }
      onSubmit={submit}
      submitLabel={t('new_version.save')}
      saving={add.isPending}
      waiting={upload.isUploading ? t('new_files.uploading') : null}
    >
      <UploadField
        {...upload.fieldProps}
        onChange={(items) => {
          setErrors({});
          upload.fieldProps.onChange(items);
        }}
        label={t('new_version.file')}
        multiple={false}
        maxFiles={1}
        extensionFilter={network?.config.file_extension_filter}
        error={errors['upload_id']}
      />
      <DescriptionField
        label={t('new_version.description')}
        value={description}
        onChange={setDescription}
        error={errors['description']}
      />
    </FileFormPage>
  );
}
