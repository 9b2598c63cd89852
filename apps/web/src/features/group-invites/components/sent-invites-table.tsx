import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupInviteStatus, MemberRef, SentGroupInvite } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { SelectableList } from '../../../ui/selectable-list.tsx';

const STATUS_COLORS: Record<GroupInviteStatus, string> = {
  open: 'blue',
  accepted: 'green',
  joined: 'teal',
  declined: 'orange',
  obsolete: 'gray',
};

type SentInvitesTableProps = {
  invites: SentGroupInvite[];
  selected: Set<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

function MemberLink({ member }: { member: MemberRef | null }) {
  const { t } = useTranslation('group-invites');
  if (!member)
    return (
      <Text size="sm" c="dimmed">
        {t('sent.unknown_member')}
      </Text>
    );
  return (
    <Anchor component={Link} to={member.path} size="sm">
      {member.name}
    </Anchor>
  );
}

function StatusBadge({ status }: { status: GroupInviteStatus }) {
  const { t } = useTranslation('group-invites');
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * The sent invites with a checkbox each and one to select the whole page: a table, on phones a
 * list of cards.
 */
export function SentInvitesTable({ invites, ...selection }: SentInvitesTableProps) {
  const { t } = useTranslation('group-invites');
  const group = (invite: SentGroupInvite) => (
    <Anchor component={Link} to={invite.invitable.path} size="sm">
      {invite.invitable.name}
    </Anchor>
  );
  const date = (invite: SentGroupInvite) => formatDate(invite.renewed_at ?? invite.created_at);
  return (
    <SelectableList
      items={invites}
      {...selection}
      testId="sent-invite"
      selectAllLabel={t('sent.select_all')}
      selectLabel={(invite) => t('sent.select', { name: invite.invitee?.name ?? t('sent.unknown_member') })}
      columns={[
        { key: 'invitee', header: t('sent.columns.invitee'), cell: (invite) => <MemberLink member={invite.invitee} /> },
        { key: 'group', header: t('sent.columns.group'), cell: group },
        { key: 'author', header: t('sent.columns.author'), cell: (invite) => <MemberLink member={invite.author} /> },
        { key: 'date', header: t('sent.columns.date'), cell: (invite) => <Text size="sm">{date(invite)}</Text> },
        { key: 'status', header: t('sent.columns.status'), cell: (invite) => <StatusBadge status={invite.status} /> },
      ]}
      card={(invite) => (
        <>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <MemberLink member={invite.invitee} />
            <StatusBadge status={invite.status} />
          </Group>
          {group(invite)}
          <Text size="xs" c="dimmed">
            {t('sent.by_on', { name: invite.author?.name ?? t('sent.unknown_member'), date: date(invite) })}
          </Text>
        </>
      )}
    />
  );
}
