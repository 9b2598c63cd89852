import { Button, Group, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowBackUp, IconArrowForwardUp, IconMail, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DIRECT_MESSAGE_TOAST_KEYS, type Translation } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { TranslateMenu } from '../../../ui/translate-menu.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { networkQuery } from '../../home/index.ts';
import { sessionQuery } from '../../session/index.ts';
import { messageQuery, useDeleteMessage, useMarkMessage } from '../api.ts';
import { ConversationHistory, MessageView } from '../components/message-view.tsx';
import { maySendMessages } from '../lib/compose.ts';

/**
 * /messages/{id}: the message with its conversation. Opening an unread one marks it read; the
 * toolbar answers (reply, reply all), passes it on (forward), marks it unread again or deletes it.
 */
export function MessagePage() {
  const { t } = useTranslation('messages');
  const { messageId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(messageQuery(messageId));
  const selfId = useQuery(sessionQuery).data?.member.id ?? null;
  const network = useQuery(networkQuery).data;
  const mark = useMarkMessage();
  const message = query.data;
  const incoming = !!message && message.author?.id !== selfId;
  const box = incoming ? 'inbox' : 'sent';
  const remove = useDeleteMessage(box);
  const [translation, setTranslation] = useState<Translation | null>(null);

  usePageTitle(message ? message.subject || t('no_subject') : t('detail.title'));

  // Once per opening: an unread message becomes read (and the badge counts one less).
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!message || !incoming || message.i.read || marked.current === message.id) return;
    marked.current = message.id;
    mark.mutate(
      { id: message.id, read: true },
      { onError: (error) => showToast(errorMessage(error), { kind: 'error' }) },
    );
  }, [message, incoming, mark]);

  if (query.isPending)
    return (
      <PageContainer size="lg">
        <LoadingRow />
      </PageContainer>
    );
  if (!message)
    return (
      <PageContainer size="lg">
        <ErrorRow error={query.error} kind="page" onRetry={() => void query.refetch()} />
      </PageContainer>
    );

  const compose = (mode: string) => `/messages/new?${mode}=${encodeURIComponent(message.id)}`;
  // Answering all is worth a button of its own only where it reaches more than the reply.
  const everyone = new Set([...(message.author ? [message.author.id] : []), ...message.to.map((m) => m.id)]);
  if (selfId) everyone.delete(selfId);
  const others = everyone.size - 1;
  const maySend = maySendMessages(network);

  const markUnread = () =>
    mark.mutate(
      { id: message.id, read: false },
      {
        onSuccess: () => void navigate('/messages'),
        onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
      },
    );

  const destroy = async () => {
    const confirmed = await confirm({
      title: t('delete_dialog.title', { count: 1 }),
      message: t('delete_dialog.text', { count: 1 }),
      confirmLabel: t('delete_dialog.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(message.id, {
      onSuccess: () => {
        showToast(`messages:toasts.${DIRECT_MESSAGE_TOAST_KEYS.deletedOne}`);
        void navigate(incoming ? '/messages' : '/messages/sent');
      },
      onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
    });
  };

  const actions = (
    <>
      {(
        [
          ['reply', IconArrowBackUp, incoming || message.to.length > 0],
          ['reply_all', IconUsers, others > 0],
          ['forward', IconArrowForwardUp, true],
        ] as const
      ).map(
        ([mode, Icon, shown]) =>
          maySend &&
          shown && (
            <Button
              key={mode}
              component={Link}
              to={compose(mode)}
              size="sm"
              variant="default"
              leftSection={<Icon size={16} aria-hidden />}
            >
              {t(`actions.${mode}`)}
            </Button>
          ),
      )}
      {incoming && (
        <Button
          size="sm"
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          loading={mark.isPending && mark.variables?.read === false}
          onClick={markUnread}
        >
          {t('actions.mark_unread')}
        </Button>
      )}
      <Button
        size="sm"
        variant="default"
        c="red.9"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={remove.isPending}
        onClick={() => void destroy()}
      >
        {t('actions.delete')}
      </Button>
    </>
  );

  // While a translation of an incoming message is chosen, its subject and content stand for the original's.
  // (One chosen for another message, before following a link of the conversation, is not this one's.)
  const shown = translation?.id === message.id ? translation : null;
  const subject = shown?.fields['subject'] ?? message.subject;
  const content = shown?.fields['content'];

  return (
    <PageContainer size="lg">
      <PageToolbar
        title={subject || t('no_subject')}
        backTo={incoming ? '/messages' : '/messages/sent'}
        backLabel={incoming ? t('back_to_inbox') : t('back_to_sent')}
        actions={actions}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" data-testid="message-detail">
          <Stack gap="xs">
            {incoming && (
              <Group justify="flex-end">
                <TranslateMenu key={message.id} type="message" id={message.id} onChange={setTranslation} />
              </Group>
            )}
            <MessageView message={message} subject={subject} content={content} />
          </Stack>
        </Paper>
        <ConversationHistory messages={message.conversation} />
      </Stack>
    </PageContainer>
  );
}
