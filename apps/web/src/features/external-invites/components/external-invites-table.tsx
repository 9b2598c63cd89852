import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExternalInviteItem, ExternalInviteStatus } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { SelectableList } from '../../../ui/selectable-list.tsx';

const STATUS_COLORS: Record<ExternalInviteStatus, string> = {
  open: 'blue',
  accepted: 'green',
  joined: 'teal',
  obsolete: 'gray',
};

type TableProps = {
  invites: ExternalInviteItem[];
  selected: Set<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

function nameOf(invite: ExternalInviteItem): string {
  return [invite.first_name, invite.last_name].filter(Boolean).join(' ');
}

export function StatusBadge({ status }: { status: ExternalInviteStatus }) {
  const { t } = useTranslation('external-invites');
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

function Invitee({ invite }: { invite: ExternalInviteItem }) {
  const name = nameOf(invite);
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {name && (
        <Text size="sm" fw={500}>
          {name}
        </Text>
      )}
      <Text size="sm" c={name ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {invite.email}
      </Text>
    </Stack>
  );
}

function Groups({ invite }: { invite: ExternalInviteItem }) {
  const { t } = useTranslation('external-invites');
  if (invite.groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('list.no_groups')}
      </Text>
    );
  return (
    <Group gap={6}>
      {invite.groups.map((group) => (
        <Anchor key={group.id} component={Link} to={`/groups/${encodeURIComponent(group.slug)}`} size="sm">
          {group.name}
        </Anchor>
      ))}
    </Group>
  );
}

/** The invitations by e-mail with a checkbox each: a table, on phones a list of cards. */
export function ExternalInvitesTable({ invites, ...selection }: TableProps) {
  const { t } = useTranslation('external-invites');
  const author = (invite: ExternalInviteItem) => invite.author?.name ?? t('list.unknown_author');
  const date = (invite: ExternalInviteItem) => formatDate(invite.renewed_at ?? invite.created_at);
  const text = (value: string) => <Text size="sm">{value}</Text>;
  return (
    <SelectableList
      items={invites}
      {...selection}
      testId="external-invite"
      minWidth={720}
      selectAllLabel={t('list.select_all')}
      selectLabel={(invite) => t('list.select', { email: invite.email })}
      columns={[
        { key: 'invitee', header: t('list.columns.invitee'), cell: (invite) => <Invitee invite={invite} /> },
        { key: 'groups', header: t('list.columns.groups'), cell: (invite) => <Groups invite={invite} /> },
        {
          key: 'user_type',
          header: t('list.columns.user_type'),
          cell: (invite) => text(t(`user_types.${invite.user_type}`)),
        },
        { key: 'author', header: t('list.columns.author'), cell: (invite) => text(author(invite)) },
        { key: 'date', header: t('list.columns.date'), cell: (invite) => text(date(invite)) },
        { key: 'status', header: t('list.columns.status'), cell: (invite) => <StatusBadge status={invite.status} /> },
      ]}
      card={(invite) => (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
            <Invitee invite={invite} />
            <StatusBadge status={invite.status} />
          </Group>
          <Groups invite={invite} />
          <Text size="xs" c="dimmed">
            {t('list.by_on', { name: author(invite), date: date(invite) })}
            {invite.user_type === 'external' && ` · ${t('user_types.external')}`}
          </Text>
        </>
      )}
    />
  );
}
