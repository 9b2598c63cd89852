import { Checkbox, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FILE_LIMITS, type Folder, type ProfileValues } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { folderQuery, useCreateFolder, useUpdateFolder } from '../api.ts';
import { DescriptionField, FileFormPage } from '../components/file-form.tsx';
import { useDefaultFolder } from '../components/use-default-folder.ts';
import { folderPath } from '../lib/paths.ts';
import { ProfileFields } from '../profile-fields.tsx';

type Values = { name: string; description: string; requires_approval: boolean; folder_profile?: ProfileValues };

type FolderFormProps = {
  title: string;
  /** The parent (new) or the folder itself (edit). */
  folder: Folder;
  initial: Values;
  back: string;
  onSave: (values: Values) => Promise<Folder>;
  saved: string;
  groupSlug: string | null;
};

/** Name, description and (for reviewers) whether new versions need approval. */
function FolderForm({ title, folder, initial, back, onSave, saved, groupSlug }: FolderFormProps) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  usePageTitle(title);

  const submit = async () => {
    if (!values.name.trim()) {
      setErrors({ name: t('common:errors.required') });
      return;
    }
    setBusy(true);
    try {
      const answer = await onSave({ ...values, name: values.name.trim() });
      showToast(saved, { kind: 'success' });
      const slug = answer.namespace === 'group' ? (answer.group?.slug ?? groupSlug) : null;
      void navigate(folderPath(answer.id, slug));
    } catch (error) {
      setErrors(
        showFormErrors(error, {
          ns: 'files',
          labels: { name: t('folder_form.name'), description: t('folder_form.description') },
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileFormPage title={title} back={back} onSubmit={submit} submitLabel={t('form.save')} saving={busy}>
      <TextInput
        label={t('folder_form.name')}
        required
        value={values.name}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        maxLength={FILE_LIMITS.folderNameMaxLength}
        error={errors['name']}
        data-autofocus
      />
      <DescriptionField
        label={t('folder_form.description')}
        value={values.description}
        onChange={(description) => setValues({ ...values, description })}
        error={errors['description']}
      />
      <ProfileFields
        kind="folder"
        value={values.folder_profile}
        onChange={(folder_profile) => setValues({ ...values, folder_profile })}
      />
      {folder.can.review && (
        <Checkbox
          label={t('folder_form.requires_approval')}
          checked={values.requires_approval}
          onChange={(event) => setValues({ ...values, requires_approval: event.currentTarget.checked })}
        />
      )}
    </FileFormPage>
  );
}

/** `/files/folders/new?folder_id=`: a subfolder of the given folder (or the root). */
export function NewFolderPage() {
  const { t } = useTranslation('files');
  const target = useDefaultFolder();
  const create = useCreateFolder();
  if (target.missing) return <NotFoundState titleOrder={1} />;
  if (target.pending) return <LoadingRow />;
  const parent = target.folder;
  if (!parent)
    return (
      <PageContainer>
        <ErrorRow error={target.error} onRetry={target.refetch} kind="page" />
      </PageContainer>
    );
  const slug = parent.namespace === 'group' ? (parent.group?.slug ?? target.groupSlug) : null;
  return (
    <FolderForm
      title={t('folder_form.new_title')}
      folder={parent}
      initial={{ name: '', description: '', requires_approval: parent.requires_approval }}
      back={folderPath(parent.id, slug)}
      saved={t('folder_form.created')}
      groupSlug={target.groupSlug}
      onSave={(values) => create.mutateAsync({ ...values, parent_folder_id: parent.id })}
    />
  );
}

/** `/files/folders/{id}/edit`. */
export function EditFolderPage() {
  const { t } = useTranslation('files');
  const { folderId = '', groupSlug = null } = useParams();
  const folder = useQuery(folderQuery(folderId));
  const update = useUpdateFolder();
  if (folder.isPending) return <LoadingRow />;
  if (folder.isError)
    return (
      <PageContainer>
        <ErrorRow error={folder.error} onRetry={() => void folder.refetch()} kind="page" />
      </PageContainer>
    );
  const data = folder.data;
  if (!data.can.update || data.type !== 'folder') return <NotFoundState reason="forbidden" titleOrder={1} />;
  const slug = data.namespace === 'group' ? (data.group?.slug ?? groupSlug) : null;
  return (
    <FolderForm
      key={data.id}
      title={t('folder_form.edit_title')}
      folder={data}
      initial={{
        name: data.name,
        description: data.description,
        requires_approval: data.requires_approval,
        folder_profile: data.folder_profile,
      }}
      back={folderPath(data.id, slug)}
      saved={t('folder_form.saved')}
      groupSlug={groupSlug}
      onSave={(values) => {
        const changes = data.can.review
          ? values
          : { name: values.name, description: values.description, folder_profile: values.folder_profile };
        return update.mutateAsync({ folderId: data.id, folder: changes });
      }}
    />
  );
}
