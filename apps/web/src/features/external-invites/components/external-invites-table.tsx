import { Anchor, Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExternalInviteItem, ExternalInviteStatus } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';

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

function selection(invites: ExternalInviteItem[], selected: Set<string>) {
  return {
    all: invites.length > 0 && invites.every((invite) => selected.has(invite.id)),
    some: invites.some((invite) => selected.has(invite.id)),
  };
}

/** The invitations by e-mail with a checkbox each: a table, on phones a list of cards. */
export function ExternalInvitesTable(props: TableProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return phone ? <Cards {...props} /> : <Rows {...props} />;
}

function Cards({ invites, selected, onToggle, onToggleAll }: TableProps) {
  const { t } = useTranslation('external-invites');
  const { all, some } = selection(invites, selected);
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('list.select_all')}
        checked={all}
        indeterminate={some && !all}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
      {invites.map((invite) => (
        <Paper key={invite.id} withBorder radius="md" p="xs" data-testid="external-invite">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Checkbox
              mt={2}
              aria-label={t('list.select', { email: invite.email })}
              checked={selected.has(invite.id)}
              onChange={(event) => onToggle(invite.id, event.currentTarget.checked)}
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Invitee invite={invite} />
                <StatusBadge status={invite.status} />
              </Group>
              <Groups invite={invite} />
              <Text size="xs" c="dimmed">
                {t('list.by_on', {
                  name: invite.author?.name ?? t('list.unknown_author'),
                  date: formatDate(invite.renewed_at ?? invite.created_at),
                })}
                {invite.user_type === 'external' && ` · ${t('user_types.external')}`}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Rows({ invites, selected, onToggle, onToggleAll }: TableProps) {
  const { t } = useTranslation('external-invites');
  const { all, some } = selection(invites, selected);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('list.select_all')}
                checked={all}
                indeterminate={some && !all}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('list.columns.invitee')}</Table.Th>
            <Table.Th>{t('list.columns.groups')}</Table.Th>
            <Table.Th>{t('list.columns.user_type')}</Table.Th>
            <Table.Th>{t('list.columns.author')}</Table.Th>
            <Table.Th>{t('list.columns.date')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.id} data-testid="external-invite">
              <Table.Td>
                <Checkbox
                  aria-label={t('list.select', { email: invite.email })}
                  checked={selected.has(invite.id)}
                  onChange={(event) => onToggle(invite.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Invitee invite={invite} />
              </Table.Td>
              <Table.Td>
                <Groups invite={invite} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`user_types.${invite.user_type}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{invite.author?.name ?? t('list.unknown_author')}</Text>
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
