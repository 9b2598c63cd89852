import { Checkbox, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FILE_LIMITS, type FileEntry } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { fileQuery, useUpdateFile } from '../api.ts';
import { DescriptionField, FileFormPage } from '../components/file-form.tsx';
import { FoldersField, type ChosenFolder } from '../components/folders-field.tsx';
import { useFileFolders } from '../components/use-file-folders.ts';
import { folderName } from '../lib/folder-name.ts';
import { filePath } from '../lib/paths.ts';
import { ProfileFields } from '../profile-fields.tsx';

/** `/files/{id}/edit`: name, description, folders, and finalizing for good. */
export function FileEditPage() {
  const { t } = useTranslation('files');
  const { fileId = '' } = useParams();
  const file = useQuery(fileQuery(fileId));
  const { folders, pending } = useFileFolders(file.data?.folder_ids ?? []);
  usePageTitle(t('file_form.title'));
  if (file.isPending || (file.data && pending)) return <LoadingRow />;
  if (file.isError)
    return (
      <PageContainer>
        <ErrorRow error={file.error} onRetry={() => void file.refetch()} kind="page" />
      </PageContainer>
    );
  if (!file.data.can.update) return <NotFoundState reason="forbidden" titleOrder={1} />;
  return (
    <FileEditForm
      key={file.data.id}
      file={file.data}
      folders={folders.map((folder) => ({ id: folder.id, name: folderName(folder, t) }))}
    />
  );
}

function FileEditForm({ file, folders: initialFolders }: { file: FileEntry; folders: ChosenFolder[] }) {
  const { t } = useTranslation('files');
  const { groupSlug = null } = useParams();
  const navigate = useNavigate();
  const update = useUpdateFile();
  const [name, setName] = useState(file.name);
  const [description, setDescription] = useState(file.description);
  const [profile, setProfile] = useState(file.file_profile);
  // Folders the member cannot see stay as they are: the field lists and changes the visible ones.
  const hidden = file.folder_ids.filter((id) => !initialFolders.some((folder) => folder.id === id));
  const [folders, setFolders] = useState(initialFolders);
  const [finalize, setFinalize] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const back = filePath(file.id, groupSlug);

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: t('common:errors.required') });
      return;
    }
    if (folders.length + hidden.length === 0) {
      setErrors({ folder_ids: t('common:errors.required') });
      return;
    }
    if (
      finalize &&
      !(await confirm({ message: t('file_form.finalize_hint'), confirmLabel: t('file_form.finalize'), danger: true }))
    )
      return;
    try {
      await update.mutateAsync({
        fileId: file.id,
        file: {
          name: name.trim(),
          description,
          file_profile: profile,
          folder_ids: [...hidden, ...folders.map((folder) => folder.id)],
          ...(finalize ? { finalized: true as const } : {}),
        },
      });
      showToast(t('file_form.saved'), { kind: 'success' });
      void navigate(back);
    } catch (error) {
      setErrors(
        showFormErrors(error, {
          ns: 'files',
          labels: { name: t('file_form.name'), folder_ids: t('folders_field.label') },
        }),
      );
    }
  };

  return (
    <FileFormPage
      title={t('file_form.title')}
      back={back}
      onSubmit={submit}
      submitLabel={t('form.save')}
      saving={update.isPending}
    >
      <TextInput
        label={t('file_form.name')}
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={FILE_LIMITS.fileNameMaxLength}
        error={errors['name']}
      />
      <DescriptionField
        label={t('file_form.description')}
        value={description}
        onChange={setDescription}
        error={errors['description']}
      />
      <ProfileFields kind="file" value={profile} onChange={setProfile} />
      <FoldersField value={folders} onChange={setFolders} error={errors['folder_ids']} />
      {!file.finalizedAt && (
        <Checkbox
          label={t('file_form.finalize')}
          description={t('file_form.finalize_hint')}
          checked={finalize}
          onChange={(event) => setFinalize(event.currentTarget.checked)}
        />
      )}
    </FileFormPage>
  );
}
