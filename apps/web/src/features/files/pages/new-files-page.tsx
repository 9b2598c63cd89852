import { Checkbox } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FILE_LIMITS, type Folder, type ProfileValues } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { UploadField, useUploadField } from '../../../ui/upload/index.ts';
import { networkQuery } from '../../home/index.ts';
import { useCreateFiles } from '../api.ts';
import { DescriptionField, FileFormPage } from '../components/file-form.tsx';
import { FoldersField, type ChosenFolder } from '../components/folders-field.tsx';
import { useDefaultFolder } from '../components/use-default-folder.ts';
import { folderName } from '../lib/folder-name.ts';
import { folderPath } from '../lib/paths.ts';
import { ProfileFields } from '../profile-fields.tsx';

/** `/files/new?folder_id=`: the default folder's page, or an error when it cannot be had. */
export function NewFilesPage() {
  const { t } = useTranslation('files');
  usePageTitle(t('new_files.title'));
  const target = useDefaultFolder();
  if (target.missing) return <NotFoundState titleOrder={1} />;
  if (target.pending) return <LoadingRow />;
  if (!target.folder)
    return (
      <PageContainer>
        <ErrorRow error={target.error} onRetry={target.refetch} kind="page" />
      </PageContainer>
    );
  return <NewFilesForm folder={target.folder} groupSlug={target.groupSlug} />;
}

/**
 * The new-files form: files uploaded at once with their progress (at least one; saving waits
 * for every upload), the folders they go to (the default one stays, none twice), a description,
 * and whether to post them to the stream.
 */
export function NewFilesForm({ folder, groupSlug }: { folder: Folder; groupSlug: string | null }) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const network = useQuery(networkQuery).data;
  const uploads = useUploadField('files');
  const create = useCreateFiles();
  const [folders, setFolders] = useState<ChosenFolder[]>(() => [
    { id: folder.id, name: folderName(folder, t), fixed: true },
  ]);
  const [description, setDescription] = useState('');
  const [profile, setProfile] = useState<ProfileValues>({});
  const [postToStream, setPostToStream] = useState(false);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const slug = folder.namespace === 'group' ? (folder.group?.slug ?? groupSlug) : null;
  const back = folderPath(folder.id, slug);
  const ids = uploads.keptIds;

  const submit = async () => {
    if (uploads.isUploading) return;
    if (ids.length === 0) {
      setFilesError(t('new_files.files_required'));
      return;
    }
    try {
      const answer = await create.mutateAsync({
        files: ids,
        folder_ids: folders.map((chosen) => chosen.id),
        description,
        ...(Object.keys(profile).length > 0 ? { file_profile: profile } : {}),
        post_to_stream: postToStream,
      });
      showToast(t('new_files.created', { count: answer.files.length }), { kind: 'success' });
      void navigate(back);
    } catch (error) {
      setErrors(
        showFormErrors(error, {
          ns: 'files',
          labels: { files: t('new_files.files'), folder_ids: t('folders_field.label') },
        }),
      );
    }
  };

  return (
    <FileFormPage
      title={t('new_files.title')}
      back={back}
      onSubmit={submit}
      submitLabel={t('new_files.save')}
      saving={create.isPending}
      waiting={uploads.isUploading ? t('new_files.uploading') : null}
    >
      <UploadField
        {...uploads.fieldProps}
        label={t('new_files.files')}
        maxFiles={FILE_LIMITS.newFilesMax}
        extensionFilter={network?.config.file_extension_filter}
        error={(ids.length === 0 ? filesError : null) ?? errors['files']}
      />
      <FoldersField value={folders} onChange={setFolders} error={errors['folder_ids']} />
      <DescriptionField
        label={t('new_files.description')}
        value={description}
        onChange={setDescription}
        error={errors['description']}
      />
      <ProfileFields kind="file" value={profile} onChange={setProfile} />
      <Checkbox
        label={t('new_files.post_to_stream')}
        checked={postToStream}
        onChange={(event) => setPostToStream(event.currentTarget.checked)}
      />
    </FileFormPage>
  );
}
