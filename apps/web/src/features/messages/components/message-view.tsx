import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectMessage, MemberRef } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { formatFileSize } from '../../../ui/file-format.ts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { IgnoredContent } from '../../ignored-members/index.ts';

function MemberLink({ member }: { member: MemberRef }) {
  return (
    <Anchor component={Link} to={member.path} size="sm">
      {member.name}
    </Anchor>
  );
}

/** To whom: all members, the groups, the members named, and how many more there are. */
export function RecipientLine({ message }: { message: DirectMessage }) {
  const { t } = useTranslation('messages');
  // `to` names the members written to directly; `to_count` counts everyone, the groups' members too.
  const more = message.to_count - message.to.length;
  const viaGroups = message.to_groups.length > 0 || message.to_all_network_members;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Text span size="sm" c="dimmed">
        {t('detail.to')}
      </Text>
      {message.to_all_network_members && (
        <Badge size="sm" variant="light" color="orange">
          {t('detail.all_members')}
        </Badge>
      )}
      {message.to_groups.map((group) => (
        <Badge key={group.id} size="sm" variant="light" component={Link} to={group.path} style={{ cursor: 'pointer' }}>
          {group.name}
        </Badge>
      ))}
      {message.to.map((member, index) => (
        <Text span size="sm" key={member.id}>
          <MemberLink member={member} />
          {index < message.to.length - 1 ? ',' : ''}
        </Text>
      ))}
      {more > 0 && (
        <Text span size="sm" c="dimmed">
          {viaGroups
            ? t('list.recipients_total', { count: message.to_count })
            : t('list.more_recipients', { count: more })}
        </Text>
      )}
    </Group>
  );
}

/** Author, recipients, time, the text (or its translation) and the attachments of one message. */
export function MessageView({
  message,
  subject,
  content,
  compact = false,
}: {
  message: DirectMessage;
  /** The subject and content to show: the translation's, while one is chosen. */
  subject?: string;
  content?: string;
  /** An earlier message of the conversation: its subject as a line of its own, leading to it. */
  compact?: boolean;
}) {
  const { t } = useTranslation('messages');
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="wrap">
            <Text span size="sm" c="dimmed">
              {t('detail.from')}
            </Text>
            {message.author ? <MemberLink member={message.author} /> : <Text size="sm">{t('unknown_author')}</Text>}
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(message.created_at)}
          </Text>
        </Group>
        <RecipientLine message={message} />
        {compact && (
          <Anchor component={Link} to={`/messages/${encodeURIComponent(message.id)}`} fw={600} size="sm">
            {subject ?? (message.subject || t('no_subject'))}
          </Anchor>
        )}
      </Stack>
      <IgnoredContent author={message.author} ignored={message.ignored}>
        <HtmlContent html={content ?? message.html_content} />
        {message.attachments.length > 0 && (
          <Stack gap={4} aria-label={t('detail.attachments')} role="group">
            <Text size="sm" fw={600}>
              {t('detail.attachments')}
            </Text>
            {message.attachments.map((attachment) => (
              <Group key={attachment.id} gap={6} wrap="nowrap">
                <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Anchor href={attachment.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {attachment.original_filename}
                </Anchor>
                <Text span size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatFileSize(attachment.size)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </IgnoredContent>
    </Stack>
  );
}

/** The earlier messages of the conversation, newest first, each a card. */
export function ConversationHistory({ messages }: { messages: DirectMessage[] }) {
  const { t } = useTranslation('messages');
  if (messages.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="message-conversation">
      <Text id="message-conversation" fw={600} size="lg" component="h2" m={0}>
        {t('detail.conversation', { count: messages.length })}
      </Text>
      {messages.map((message) => (
        <Paper key={message.id} withBorder radius="md" p="sm" data-testid="conversation-message">
          <MessageView message={message} compact />
        </Paper>
      ))}
    </Stack>
  );
}
