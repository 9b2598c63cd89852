import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconExternalLink, IconEye, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DocumentAction, DocumentActionType, FileEntry } from '@agora/contracts';
import { useTranslation } from 'react-i18next';
import { networkQuery } from '../home/index.ts';
import { documentActionsQuery } from './api.ts';

const ICONS: Record<string, typeof IconEye> = { view: IconEye, edit: IconEdit, review: IconListCheck };

/** The editor host page of an action, opened in a new tab. */
export function documentHostPath(fileId: string, action: string, type: DocumentActionType = 'wopi'): string {
  return `/files/${encodeURIComponent(fileId)}/${type}/host/${encodeURIComponent(action)}`;
}

/** Whether a lock by someone else or finalizing keeps the file from being changed. */
export function isFrozen(file: Pick<FileEntry, 'finalizedAt' | 'lockedUntil' | 'can'>, now = new Date()): boolean {
  const locked = !!file.lockedUntil && new Date(file.lockedUntil) > now && !file.can.update;
  return !!file.finalizedAt || locked;
}

/** The actions to show: review is left out when editing is allowed (editing covers it). */
export function visibleActions(actions: DocumentAction[]): DocumentAction[] {
  const canEdit = actions.some((action) => action.action === 'edit' && action.authorized);
  return actions.filter((action) => !(canEdit && action.action === 'review'));
}

type OfficeActionsProps = { file: FileEntry; type?: DocumentActionType };

/**
 * What the network's office server offers for the file (view, edit, review ...), each opening
 * the editor in a new tab; changing actions are disabled while the file is locked or final.
 */
export function OfficeActions({ file, type = 'wopi' }: OfficeActionsProps) {
  const { t } = useTranslation('files');
  const network = useQuery(networkQuery).data;
  const enabled = !!network?.config.office_documents?.enabled;
  const query = useQuery({ ...documentActionsQuery(file.id, type), enabled });
  if (!enabled || !query.data) return null;
  const actions = visibleActions(query.data);
  if (actions.length === 0) return null;
  const frozen = isFrozen(file);

  return (
    <Stack gap={4} component="section" aria-label={t('office.title')}>
      <Group gap="xs">
        {actions.map((action) => {
          const Icon = ICONS[action.action] ?? IconExternalLink;
          const disabled = !action.authorized || (action.action !== 'view' && frozen);
          const label = t(`office.actions.${action.action}`, {
            defaultValue: t('office.actions.other', { action: action.action }),
          });
          return disabled ? (
            <Button key={action.action} variant="default" disabled leftSection={<Icon size={16} aria-hidden />}>
              {label}
            </Button>
          ) : (
            <Button
              key={action.action}
              component="a"
              href={documentHostPath(file.id, action.action, type)}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<Icon size={16} aria-hidden />}
            >
              {label}
            </Button>
          );
        })}
      </Group>
      {frozen && actions.some((action) => action.action !== 'view') && (
        <Text size="sm" c="dimmed">
          {t(file.finalizedAt ? 'office.finalized_hint' : 'office.locked_hint')}
        </Text>
      )}
    </Stack>
  );
}
