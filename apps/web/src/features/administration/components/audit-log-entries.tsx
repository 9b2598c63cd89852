import { Anchor, Badge, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditLogEntry } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { formatFileSize } from '../../../ui/file-format.ts';
import { MemberLabel } from '../../../ui/member-label.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A setting's value as an admin reads it: text as it is, yes/no, lists and objects as JSON. */
function settingValue(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('audit_log.details.empty_value');
  if (typeof value === 'boolean') return t(value ? 'audit_log.details.yes' : 'audit_log.details.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

type SettingChange = { key: string; old: unknown; new: unknown };

function EntryDetails({ entry }: { entry: AuditLogEntry }) {
  const { t, i18n } = useTranslation('administration');
  const details = entry.details;
  if (entry.event_type === 'PolicySettingUpdate') {
    const changes = Array.isArray(details.changes) ? (details.changes as SettingChange[]) : [];
    if (changes.length === 0) return null;
    return (
      <Stack gap={2}>
        {changes.map((change) => (
          <Text key={change.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Code>{change.key}</Code>{' '}
            {t('audit_log.details.changed', {
              old: settingValue(change.old, t),
              new: settingValue(change.new, t),
            })}
          </Text>
        ))}
      </Stack>
    );
  }
  if (typeof details.directory === 'string') {
    const size = typeof details.size === 'number' ? formatFileSize(details.size, i18n.language) : null;
    return (
      <Text size="sm">
        {t(`audit_log.directories.${details.directory}`, { defaultValue: details.directory })}
        {size && ` · ${size}`}
      </Text>
    );
  }
  return null;
}

function Member({ member, id }: { member: AuditLogEntry['actor']; id: string | null }) {
  const { t } = useTranslation('administration');
  if (member) {
    return (
      <Anchor component={Link} to={member.path} underline="never" c="inherit">
        <MemberLabel member={member} />
      </Anchor>
    );
  }
  return (
    <Text size="sm" c="dimmed" fs={id ? 'italic' : undefined}>
      {id ? t('audit_log.deleted_member') : t('audit_log.system')}
    </Text>
  );
}

function Subject({ subject }: { subject: AuditLogEntry['subject'] }) {
  const { t } = useTranslation('administration');
  const kind = t(`audit_log.subjects.${subject.type}`, { defaultValue: subject.type });
  const title = subject.title || kind;
  return (
    <Stack gap={0}>
      {subject.path ? (
        <Anchor component={Link} to={subject.path} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
          {subject.exists === false && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t('audit_log.subject_gone')})
            </Text>
          )}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {kind}
      </Text>
    </Stack>
  );
}

function TypeBadge({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('administration');
  return (
    <Badge variant="light" color={entry.event_type.endsWith('Destroy') ? 'red' : 'blue'} tt="none" radius="sm">
      {t(`audit_log.types.${entry.event_type}`)}
    </Badge>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" w={88} style={{ flexShrink: 0 }} pt={2}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/** The entries, newest first: a table on wide screens, one card per entry on phones. */
export function AuditLogEntries({ entries }: { entries: AuditLogEntry[] }) {
  const { t } = useTranslation('administration');
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Paper component="li" key={entry.id} withBorder p="sm" radius="md">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <TypeBadge entry={entry} />
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
              <Labelled label={t('audit_log.columns.subject')}>
                <Subject subject={entry.subject} />
              </Labelled>
              <Labelled label={t('audit_log.columns.actor')}>
                <Member member={entry.actor} id={entry.actor_id} />
              </Labelled>
              {entry.membership_id && (
                <Labelled label={t('audit_log.columns.membership')}>
                  <Member member={entry.membership} id={entry.membership_id} />
                </Labelled>
              )}
              <EntryDetails entry={entry} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit_log.columns.time')}</Table.Th>
            <Table.Th>{t('audit_log.columns.actor')}</Table.Th>
            <Table.Th>{t('audit_log.columns.type')}</Table.Th>
            <Table.Th>{t('audit_log.columns.subject')}</Table.Th>
            <Table.Th>{t('audit_log.columns.membership')}</Table.Th>
            <Table.Th>{t('audit_log.columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {formatDateTime(entry.created_at)}
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Member member={entry.actor} id={entry.actor_id} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <TypeBadge entry={entry} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Subject subject={entry.subject} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                {entry.membership_id ? <Member member={entry.membership} id={entry.membership_id} /> : null}
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <EntryDetails entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
