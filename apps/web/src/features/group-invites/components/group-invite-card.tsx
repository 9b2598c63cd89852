import { Anchor, Avatar, Badge, Blockquote, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupInvite } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { InviteAnswerButtons } from '../../../ui/invite-answer-buttons.tsx';

export type InviteAnswer = 'accept' | 'reject';

type GroupInviteCardProps = {
  invite: GroupInvite;
  /** The answer being sent for this invite, if any. */
  pending: InviteAnswer | null;
  onAnswer: (answer: InviteAnswer) => void;
};

/** An invitation to a group: the group, who invited, their message, accept and decline. */
export function GroupInviteCard({ invite, pending, onAnswer }: GroupInviteCardProps) {
  const { t } = useTranslation('group-invites');
  const headingId = useId();
  const group = invite.invitable;
  const answerable = invite.status === 'open';
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={headingId} data-testid="group-invite">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={group.image} alt="" radius="sm" size="md">
            <IconUsersGroup size={20} aria-hidden />
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={group.path} fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {group.name}
              </Anchor>
              {!answerable && (
                <Badge variant="dot" color={invite.status === 'accepted' ? 'green' : 'gray'} size="sm">
                  {t(`status.${invite.status}`)}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {invite.author ? (
                <Trans
                  t={t}
                  i18nKey="inbox.invited_by"
                  values={{ name: invite.author.name, date: formatDate(invite.created_at) }}
                  components={{
                    author: <Anchor component={Link} to={invite.author.path} size="xs" underline="always" />,
                  }}
                />
              ) : (
                t('inbox.invited_on', { date: formatDate(invite.created_at) })
              )}
            </Text>
          </Stack>
        </Group>
        {invite.additional_message && (
          <Blockquote p="xs" fz="sm" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {invite.additional_message}
          </Blockquote>
        )}
        {answerable && (
          <InviteAnswerButtons
            can={invite.can}
            pending={pending}
            onAnswer={onAnswer}
            labels={{
              accept: t('inbox.accept'),
              reject: t('inbox.decline'),
              acceptNamed: t('inbox.accept_named', { name: group.name }),
              rejectNamed: t('inbox.decline_named', { name: group.name }),
            }}
          />
        )}
        {invite.status === 'accepted' && (
          <Anchor component={Link} to={group.path} size="sm">
            {t('inbox.open_group', { name: group.name })}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
