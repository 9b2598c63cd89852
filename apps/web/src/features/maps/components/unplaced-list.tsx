import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPinCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MembersMap } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';

const REASON_COLORS = { pending: 'gray', not_found: 'orange', failed: 'red' } as const;

/** The members with an address the map cannot place (yet), beside or below it. */
export function UnplacedList({ unplaced }: { unplaced: MembersMap['unplaced'] }) {
  const { t } = useTranslation('maps');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unplaced-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="unplaced-title">
            {t('unplaced.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('unplaced.hint')}
          </Text>
        </div>
        {unplaced.total === 0 ? (
          <EmptyState size="sm" icon={<IconMapPinCheck />} title={t('unplaced.none')} />
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="unplaced-list">
            {unplaced.members.map((member) => (
              <Group key={member.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={member.images.small} name={member.name} alt="" aria-hidden radius="xl" size={32} />
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Anchor component={Link} to={member.path} size="sm" fw={600}>
                    {member.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {member.address}
                  </Text>
                </Stack>
                <Badge size="sm" variant="light" color={REASON_COLORS[member.reason]} style={{ flexShrink: 0 }}>
                  {t(`unplaced.reason.${member.reason}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
        {unplaced.total > unplaced.members.length && (
          <Text size="sm" c="dimmed">
            {t('unplaced.more', { count: unplaced.total - unplaced.members.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
