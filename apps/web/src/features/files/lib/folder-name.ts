import type { TFunction } from 'i18next';
import type { FolderSummary } from '@agora/contracts';

/** A special folder is named by its kind (in the member's language), a plain one by its name. */
export function folderName(folder: Pick<FolderSummary, 'name' | 'i18n_type' | 'group'>, t: TFunction<'files'>): string {
  switch (folder.i18n_type) {
    case 'root_folder.network':
      return t('folder_names.root_folder.network');
    case 'root_folder.group':
      return folder.group
        ? t('folder_names.root_folder.group', { group: folder.group.name })
        : t('folder_names.root_folder.group_plain');
    case 'activitystream_folder':
      return t('folder_names.activitystream_folder');
    default:
      return folder.name;
  }
}
