import { Button, Group, Modal, NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowUp, IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderSummary } from '@agora/contracts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { folderQuery, rootsQuery } from '../api.ts';
import { folderName } from '../lib/folder-name.ts';

type FolderPickerProps = {
  opened: boolean;
  onClose: () => void;
  /** The folder chosen: the one browsed into when the member confirms. */
  onPick: (folder: FolderSummary) => void;
  title?: string;
  confirmLabel?: string;
  /** Which folders may be chosen; by default those the member may add files to. */
  allowed?: (folder: FolderSummary) => boolean;
};

const mayAddFiles = (folder: FolderSummary) => folder.can.add_files;

/**
 * A modal that browses the folders from the roots (the network's, the member's groups') down:
 * each step lists the subfolders, "up" goes back, and the folder one is in is chosen.
 */
export function FolderPicker({
  opened,
  onClose,
  onPick,
  title,
  confirmLabel,
  allowed = mayAddFiles,
}: FolderPickerProps) {
  const { t } = useTranslation('files');
  const [trail, setTrail] = useState<FolderSummary[]>([]);
  // Each opening starts at the roots again.
  const close = () => {
    setTrail([]);
    onClose();
  };
  const pick = (chosen: FolderSummary) => {
    setTrail([]);
    onPick(chosen);
  };
  const current = trail.at(-1) ?? null;
  const roots = useQuery({ ...rootsQuery(), enabled: opened && current === null });
  const folder = useQuery({ ...folderQuery(current?.id ?? ''), enabled: opened && current !== null });

  const children: FolderSummary[] =
    current === null
      ? [...(roots.data?.network ? [roots.data.network] : []), ...(roots.data?.groups ?? [])]
      : (folder.data?.subfolders ?? []);
  const query = current === null ? roots : folder;
  const choosable = current !== null && allowed(folder.data ?? current);

  return (
    <Modal opened={opened} onClose={close} title={title ?? t('picker.title')} size="lg">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowUp size={16} aria-hidden />}
            disabled={current === null}
            onClick={() => setTrail((items) => items.slice(0, -1))}
          >
            {t('picker.up')}
          </Button>
          <Text size="sm" fw={600} truncate data-testid="folder-picker-current">
            {current ? folderName(current, t) : t('picker.roots')}
          </Text>
        </Group>
        <Stack gap={0} mah={360} style={{ overflowY: 'auto' }} aria-label={t('picker.roots')} role="list">
          {query.isPending ? (
            <LoadingRow />
          ) : query.isError ? (
            <ErrorRow error={query.error} onRetry={() => void query.refetch()} />
          ) : children.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm">
              {t('picker.no_subfolders')}
            </Text>
          ) : (
            children.map((child) => (
              <div role="listitem" key={child.id}>
                <NavLink
                  component="button"
                  type="button"
                  label={folderName(child, t)}
                  leftSection={<IconFolder size={18} aria-hidden />}
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  onClick={() => setTrail((items) => [...items, child])}
                />
              </div>
            ))
          )}
        </Stack>
        {current !== null && !choosable && (
          <Text size="sm" c="dimmed">
            {t('picker.not_allowed')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button disabled={!choosable} onClick={() => current && pick(folder.data ?? current)}>
            {confirmLabel ?? t('picker.select')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
