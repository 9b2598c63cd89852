import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconFolderPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Folder } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useDeleteFolder } from '../api.ts';
import { ExportMenuItem } from '../export-panel.tsx';
import { folderName } from '../lib/folder-name.ts';
import { filesBase, folderEditPath, folderPath, newFilesPath, newFolderPath } from '../lib/paths.ts';

/** The folder's actions, each where the member may: new folder, add files, edit, delete. */
export function FolderMenu({ folder, groupSlug }: { folder: Folder; groupSlug: string | null }) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  const remove = useDeleteFolder();
  const plain = folder.type === 'folder';
  const canEdit = plain && folder.can.update;
  const canDelete = plain && folder.can.destroy;

  const onDelete = async () => {
    const name = folderName(folder, t);
    const ok = await confirm({
      title: t('folder.delete'),
      message: t('folder.delete_message', { name }),
      confirmLabel: t('toolbar.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const answer = await remove.mutateAsync(folder.id);
      const refused = answer?.refused?.[0];
      if (refused) {
        showToast(t('batch.refused', { names: `${name} (${t(`batch.reasons.${refused.reason}`)})` }), {
          kind: 'error',
        });
        return;
      }
      showToast(t('folder.deleted'), { kind: 'success' });
      const parent = folder.folder_path.at(-2);
      void navigate(parent ? folderPath(parent.id, groupSlug) : filesBase(groupSlug));
    } catch (error) {
      showToast(errorMessage(error, 'files'), { kind: 'error' });
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('folder.menu')} title={t('folder.menu')}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {folder.can.create_subfolders && (
          <Menu.Item
            component={Link}
            to={newFolderPath(folder.id, groupSlug)}
            leftSection={<IconFolderPlus size={16} aria-hidden />}
          >
            {t('folder.new_folder')}
          </Menu.Item>
        )}
        {folder.can.add_files && (
          <Menu.Item
            component={Link}
            to={newFilesPath(folder.id, groupSlug)}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t('folder.add_files')}
          </Menu.Item>
        )}
        {canEdit && (
          <Menu.Item
            component={Link}
            to={folderEditPath(folder.id, groupSlug)}
            leftSection={<IconEdit size={16} aria-hidden />}
          >
            {t('folder.edit')}
          </Menu.Item>
        )}
        <ExportMenuItem folder={{ id: folder.id, name: folderName(folder, t) }} />
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
            {t('folder.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
