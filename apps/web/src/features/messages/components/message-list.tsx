import { Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectMessage } from '@agora/contracts';
import { formatDate, formatDateTime } from '../../../ui/date-format.ts';
import { SelectableList } from '../../../ui/selectable-list.tsx';
import { IgnoredContent } from '../../ignored-members/index.ts';
import type { MessageBox } from '../api.ts';

type MessageListProps = {
  box: MessageBox;
  messages: DirectMessage[];
  selected: Set<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

/** Unread only in the inbox: what one sent oneself is never unread. */
export function isUnread(box: MessageBox, message: DirectMessage): boolean {
  return box === 'inbox' && !message.i.read;
}

/** The recipients in one line: the groups, the members named, and how many more. */
function Recipients({ message }: { message: DirectMessage }) {
  const { t } = useTranslation('messages');
  if (message.to_all_network_members) return <>{t('list.to_all')}</>;
  const names = [...message.to_groups.map((group) => group.name), ...message.to.slice(0, 3).map((m) => m.name)];
  // `to` names the members written to directly; `to_count` counts everyone, the groups' members too.
  const more = message.to_count - Math.min(3, message.to.length);
  const tail =
    message.to_groups.length > 0
      ? t('list.recipients_total', { count: message.to_count })
      : more > 0
        ? t('list.more_recipients', { count: more })
        : null;
  return (
    <>
      {names.join(', ')}
      {tail && ` ${tail}`}
    </>
  );
}

function Subject({ box, message }: { box: MessageBox; message: DirectMessage }) {
  const { t } = useTranslation('messages');
  const unread = isUnread(box, message);
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Anchor
        component={Link}
        to={`/messages/${encodeURIComponent(message.id)}`}
        size="sm"
        fw={unread ? 700 : 400}
        c={unread ? undefined : 'inherit'}
        style={{ overflowWrap: 'anywhere' }}
        data-unread={unread || undefined}
      >
        {message.subject || t('no_subject')}
      </Anchor>
      {message.conversation_length > 1 && (
        <Text span size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          ({message.conversation_length})
        </Text>
      )}
      {message.has_attachments && (
        <IconPaperclip size={14} aria-label={t('list.has_attachments')} style={{ flexShrink: 0 }} />
      )}
      {unread && (
        <Text span size="xs" c="red.9" fw={700} style={{ flexShrink: 0 }}>
          {t('list.unread')}
        </Text>
      )}
    </Group>
  );
}

/** The inbox or the sent list: a page of messages with a checkbox each; unread ones in bold. */
export function MessageList({ box, messages, selected, onToggle, onToggleAll }: MessageListProps) {
  const { t } = useTranslation('messages');
  const person = (message: DirectMessage) =>
    box === 'sent' ? <Recipients message={message} /> : (message.author?.name ?? t('unknown_author'));
  return (
    <SelectableList
      items={messages}
      selected={selected}
      onToggle={onToggle}
      onToggleAll={onToggleAll}
      selectAllLabel={t('list.select_all')}
      selectLabel={(message) => t('list.select', { subject: message.subject || t('no_subject') })}
      testId="message-row"
      minWidth={560}
      columns={[
        {
          key: 'person',
          header: box === 'sent' ? t('list.to') : t('list.from'),
          cell: (message) => (
            <Text size="sm" fw={isUnread(box, message) ? 700 : 400} lineClamp={2}>
              {person(message)}
            </Text>
          ),
        },
        {
          key: 'subject',
          header: t('list.subject'),
          cell: (message) => (
            <IgnoredContent author={message.author} ignored={message.ignored}>
              <Subject box={box} message={message} />
            </IgnoredContent>
          ),
        },
        {
          key: 'date',
          header: t('list.date'),
          cell: (message) => (
            <Text size="sm" fw={isUnread(box, message) ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(message.created_at)}
            </Text>
          ),
        },
      ]}
      card={(message) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={isUnread(box, message) ? 700 : 400} truncate>
              {person(message)}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDate(message.created_at)}
            </Text>
          </Group>
          <Subject box={box} message={message} />
        </>
      )}
    />
  );
}
