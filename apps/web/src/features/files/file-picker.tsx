import {
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry, FolderSummary } from '@agora/contracts';
import { shortenName } from '../../ui/file-format.ts';
import { formatDate } from '../../ui/date-format.ts';
import { useErrorMessage } from '../../ui/use-error-message.ts';
import { folderQuery, rootsQuery } from './api.ts';
import { FileIcon } from './components/file-icon.tsx';
import { folderName } from './lib/folder-name.ts';

type FilePickerProps = {
  opened: boolean;
  onClose: () => void;
  /** The chosen files, in the order they were ticked. */
  onPick: (files: FileEntry[]) => void;
  /** One file only; default: several. */
  single?: boolean;
  title?: string;
};

function FolderButton({ folder, onOpen }: { folder: FolderSummary; onOpen: (id: string) => void }) {
  const { t } = useTranslation('files');
  return (
    <UnstyledButton
      onClick={() => onOpen(folder.id)}
      py={6}
      px="xs"
      style={{ borderRadius: 4 }}
      aria-label={t('file_picker.open_folder', { name: folderName(folder, t) })}
    >
      <Group gap="xs" wrap="nowrap">
        <IconFolder size={20} aria-hidden />
        <Text style={{ flex: 1, overflowWrap: 'anywhere' }}>{folderName(folder, t)}</Text>
        <IconChevronRight size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** The roots the member reads: the network's and those of their groups. */
function RootsList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const roots = useQuery(rootsQuery());
  if (roots.isPending) return <Text c="dimmed">{t('file_picker.loading')}</Text>;
  if (roots.error) return <Text c="red">{errorText(roots.error)}</Text>;
  const all = [...(roots.data.network ? [roots.data.network] : []), ...roots.data.groups];
  if (all.length === 0) return <Text c="dimmed">{t('file_picker.no_folders')}</Text>;
  return (
    <Stack gap={0}>
      {all.map((folder) => (
        <FolderButton key={folder.id} folder={folder} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

type FolderListProps = {
  folderId: string;
  onOpen: (id: string | null) => void;
  chosen: Map<string, FileEntry>;
  onToggle: (file: FileEntry) => void;
};

function FolderList({ folderId, onOpen, chosen, onToggle }: FolderListProps) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const folder = useQuery(folderQuery(folderId));
  if (folder.isPending) return <Text c="dimmed">{t('file_picker.loading')}</Text>;
  if (folder.error) return <Text c="red">{errorText(folder.error)}</Text>;
  const { data } = folder;
  // The path starts at the root, which is named by its kind like in the roots list.
  const stepName = (step: { name: string }, at: number) =>
    at === 0
      ? folderName({ name: step.name, group: data.group, i18n_type: `root_folder.${data.namespace}` }, t)
      : step.name;
  return (
    <Stack gap="xs">
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap' }}>
        <Anchor component="button" type="button" onClick={() => onOpen(null)}>
          {t('file_picker.roots')}
        </Anchor>
        {data.folder_path.map((step, at) =>
          at === data.folder_path.length - 1 ? (
            <Text key={step.id} aria-current="location">
              {stepName(step, at)}
            </Text>
          ) : (
            <Anchor key={step.id} component="button" type="button" onClick={() => onOpen(step.id)}>
              {stepName(step, at)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <Stack gap={0}>
        {data.subfolders.map((subfolder) => (
          <FolderButton key={subfolder.id} folder={subfolder} onOpen={onOpen} />
        ))}
        {data.files.map((file) => (
          <Group key={file.id} gap="xs" wrap="nowrap" py={6} px="xs">
            <Checkbox
              checked={chosen.has(file.id)}
              onChange={() => onToggle(file)}
              aria-label={t('file_picker.choose_file', { name: file.name })}
            />
            <FileIcon extension={file.extension} />
            <Text style={{ flex: 1, overflowWrap: 'anywhere' }}>{shortenName(file.name)}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(file.updated_at)}
            </Text>
          </Group>
        ))}
        {data.subfolders.length + data.files.length === 0 && <Text c="dimmed">{t('file_picker.empty_folder')}</Text>}
      </Stack>
    </Stack>
  );
}

/**
 * Chooses files from the folders the member reads (browsing from the roots down); the files
 * chosen stay chosen while browsing other folders.
 */
export function FilePicker({ opened, onClose, onPick, single = false, title }: FilePickerProps) {
  const { t } = useTranslation('files');
  const [folderId, setFolderId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Map<string, FileEntry>>(new Map());

  const close = () => {
    setChosen(new Map());
    setFolderId(null);
    onClose();
  };
  const toggle = (file: FileEntry) =>
    setChosen((current) => {
      const next = new Map(single ? [] : current);
      if (current.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });

  return (
    <Modal opened={opened} onClose={close} title={title ?? t('file_picker.title')} size="lg" fullScreen={false}>
      <Stack gap="md">
        <ScrollArea.Autosize mah="60vh" type="auto">
          {folderId ? (
            <FolderList folderId={folderId} onOpen={setFolderId} chosen={chosen} onToggle={toggle} />
          ) : (
            <RootsList onOpen={setFolderId} />
          )}
        </ScrollArea.Autosize>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('file_picker.chosen', { count: chosen.size })}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('file_picker.cancel')}
            </Button>
            <Button
              disabled={chosen.size === 0}
              onClick={() => {
                onPick([...chosen.values()]);
                close();
              }}
            >
              {t('file_picker.choose')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
