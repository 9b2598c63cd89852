import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Folder } from '@agora/contracts';
import { shortenName } from '../../../ui/file-format.ts';
import { folderName } from '../lib/folder-name.ts';
import { filesBase, folderPath } from '../lib/paths.ts';

/** Where a folder is: the files' start, then its path from the root down to itself (not a link). */
export function FolderBreadcrumb({ folder, groupSlug }: { folder: Folder; groupSlug: string | null }) {
  const { t } = useTranslation('files');
  const slug = folder.namespace === 'group' ? (folder.group?.slug ?? groupSlug) : null;
  const path = folder.folder_path.length > 0 ? folder.folder_path : [{ id: folder.id, name: folder.name }];
  const label = (index: number, ref: { id: string; name: string }) => {
    if (ref.id === folder.id) return folderName(folder, t);
    // The first of the path is the tree's root, named by its kind.
    if (index === 0)
      return folderName(
        {
          name: ref.name,
          i18n_type: folder.namespace === 'group' ? 'root_folder.group' : 'root_folder.network',
          group: folder.group,
        },
        t,
      );
    return ref.name;
  };
  return (
    <nav aria-label={t('breadcrumb')}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        <Anchor component={Link} to={filesBase(groupSlug)} size="sm">
          {t('roots.title')}
        </Anchor>
        {path.map((ref, index) =>
          ref.id === folder.id ? (
            <Text key={ref.id} size="sm" aria-current="page">
              {shortenName(label(index, ref))}
            </Text>
          ) : (
            <Anchor key={ref.id} component={Link} to={folderPath(ref.id, slug)} size="sm">
              {shortenName(label(index, ref))}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
