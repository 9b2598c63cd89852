import { Button, Group, Text } from '@mantine/core';
import { IconFileZip, IconFolderShare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry, FolderSummary } from '@agora/contracts';
import { selectionActions, type Selection } from '../lib/selection.ts';
import { FolderPicker } from './folder-picker.tsx';
import { useBatchActions } from './use-batch-actions.ts';

type FilesToolbarProps = {
  sourceFolderId: string | null;
  selection: Selection;
  files: FileEntry[];
  folders: FolderSummary[];
  memberId: string | null;
  onDone: () => void;
};

/** What can be done with the table's selection: move, delete, download as a zip. */
export function FilesToolbar({ sourceFolderId, selection, files, folders, memberId, onDone }: FilesToolbarProps) {
  const { t } = useTranslation('files');
  const [picking, setPicking] = useState(false);
  const actions = selectionActions(selection, files, folders, memberId);
  const batch = useBatchActions(sourceFolderId, files, folders);
  const hint = actions.blocked ? t('toolbar.blocked') : null;

  return (
    <Group gap="xs" py="xs" role="toolbar" aria-label={t('toolbar.label')} wrap="wrap">
      {actions.count > 0 && (
        <Text size="sm" c="dimmed" mr="xs">
          {t('toolbar.selected', { count: actions.count })}
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFolderShare size={16} aria-hidden />}
        disabled={!actions.move || batch.pending}
        onClick={() => setPicking(true)}
      >
        {t('toolbar.move')}
      </Button>
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        disabled={!actions.delete || batch.pending}
        onClick={() => void batch.delete(selection).then((done) => done && onDone())}
      >
        {t('toolbar.delete')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden />}
        disabled={!actions.download}
        onClick={() => void batch.download(selection)}
      >
        {t('toolbar.download')}
      </Button>
      {hint && actions.count > 0 && (
        <Text size="xs" c="dimmed" w="100%">
          {hint}
        </Text>
      )}
      <FolderPicker
        opened={picking}
        onClose={() => setPicking(false)}
        confirmLabel={t('picker.choose')}
        // Files go where the member may add files, folders where they may make subfolders.
        allowed={(target) =>
          (selection.fileIds.length === 0 || target.can.add_files) &&
          (selection.folderIds.length === 0 ||
            (target.can.create_subfolders && target.type !== 'activitystream_folder'))
        }
        onPick={(target) => {
          setPicking(false);
          void batch.move(selection, target).then((done) => done && onDone());
        }}
      />
    </Group>
  );
}
