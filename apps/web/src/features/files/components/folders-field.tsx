import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolderPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_LIMITS, type FolderSummary } from '@agora/contracts';
import { folderName } from '../lib/folder-name.ts';
import { FolderPicker } from './folder-picker.tsx';

/** A folder of the field: its id, the name shown, and whether it may be removed. */
export type ChosenFolder = { id: string; name: string; fixed?: boolean };

type FoldersFieldProps = {
  value: ChosenFolder[];
  onChange: (folders: ChosenFolder[]) => void;
  error?: string;
};

/** Adds a folder unless it is there already; answers the list, or null when it was a second time. */
export function addFolder(value: ChosenFolder[], folder: ChosenFolder): ChosenFolder[] | null {
  return value.some((chosen) => chosen.id === folder.id) ? null : [...value, folder];
}

/** Removes a folder, never a fixed one (the folder the form was opened for). */
export function removeFolder(value: ChosenFolder[], folderId: string): ChosenFolder[] {
  return value.filter((chosen) => chosen.id !== folderId || chosen.fixed);
}

/**
 * The folders a file is in: each can be removed but the fixed one (the default) and the last
 * one (a file lives in a folder), and more are added through the folder picker (a folder only once).
 */
export function FoldersField({ value, onChange, error }: FoldersFieldProps) {
  const { t } = useTranslation('files');
  const [picking, setPicking] = useState(false);
  const [twice, setTwice] = useState(false);
  const full = value.length >= FILE_LIMITS.foldersPerFileMax;

  const onPick = (folder: FolderSummary) => {
    setPicking(false);
    const next = addFolder(value, { id: folder.id, name: folderName(folder, t) });
    setTwice(next === null);
    if (next) onChange(next);
  };

  return (
    <Input.Wrapper label={t('folders_field.label')} error={error ?? (twice ? t('folders_field.twice') : undefined)}>
      <Stack gap={4} mt={4}>
        <Stack gap={2} role="list">
          {value.map((folder) => (
            <Group key={folder.id} gap="xs" wrap="nowrap" role="listitem">
              <IconFolder size={18} aria-hidden />
              <Text size="sm" style={{ flex: 1, wordBreak: 'break-word' }}>
                {folder.name}
              </Text>
              {folder.fixed ? (
                <Text size="xs" c="dimmed">
                  {t('folders_field.default')}
                </Text>
              ) : value.length === 1 ? null : (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('folders_field.remove', { name: folder.name })}
                  title={t('folders_field.remove', { name: folder.name })}
                  onClick={() => {
                    setTwice(false);
                    onChange(removeFolder(value, folder.id));
                  }}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFolderPlus size={16} aria-hidden />}
            disabled={full}
            onClick={() => setPicking(true)}
          >
            {t('folders_field.add')}
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              {t('folders_field.too_many', { max: FILE_LIMITS.foldersPerFileMax })}
            </Text>
          )}
        </Group>
      </Stack>
      <FolderPicker
        opened={picking}
        onClose={() => setPicking(false)}
        title={t('folders_field.picker_title')}
        onPick={onPick}
      />
    </Input.Wrapper>
  );
}
