import { Anchor, Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupInviteStatus, MemberRef, SentGroupInvite } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';

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
 * list of cards (a table's status column would lie beyond the screen's edge).
 */
export function SentInvitesTable(props: SentInvitesTableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return phone ? <SentInvitesCards {...props} /> : <SentInvitesRows {...props} />;
}

function selection(invites: SentGroupInvite[], selected: Set<string>) {
  return {
    all: invites.length > 0 && invites.every((invite) => selected.has(invite.id)),
    some: invites.some((invite) => selected.has(invite.id)),
  };
}

function SentInvitesCards({ invites, selected, onToggle, onToggleAll }: SentInvitesTableProps) {
  const { t } = useTranslation('group-invites');
  const { all, some } = selection(invites, selected);
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('sent.select_all')}
        checked={all}
        indeterminate={some && !all}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
      {invites.map((invite) => (
        <Paper key={invite.id} withBorder radius="md" p="xs" data-testid="sent-invite">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Checkbox
              mt={2}
              aria-label={t('sent.select', { name: invite.invitee?.name ?? t('sent.unknown_member') })}
              checked={selected.has(invite.id)}
              onChange={(event) => onToggle(invite.id, event.currentTarget.checked)}
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <MemberLink member={invite.invitee} />
                <StatusBadge status={invite.status} />
              </Group>
              <Anchor component={Link} to={invite.invitable.path} size="sm">
                {invite.invitable.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('sent.by_on', {
                  name: invite.author?.name ?? t('sent.unknown_member'),
                  date: formatDate(invite.renewed_at ?? invite.created_at),
                })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function SentInvitesRows({ invites, selected, onToggle, onToggleAll }: SentInvitesTableProps) {
  const { t } = useTranslation('group-invites');
  const { all, some } = selection(invites, selected);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('sent.select_all')}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('sent.columns.invitee')}</Table.Th>
            <Table.Th>{t('sent.columns.group')}</Table.Th>
            <Table.Th>{t('sent.columns.author')}</Table.Th>
            <Table.Th>{t('sent.columns.date')}</Table.Th>
            <Table.Th>{t('sent.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.id} data-testid="sent-invite">
              <Table.Td>
                <Checkbox
                  aria-label={t('sent.select', { name: invite.invitee?.name ?? t('sent.unknown_member') })}
                  checked={selected.has(invite.id)}
                  onChange={(event) => onToggle(invite.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <MemberLink member={invite.invitee} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={invite.invitable.path} size="sm">
                  {invite.invitable.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <MemberLink member={invite.author} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(invite.renewed_at ?? invite.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={invite.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
