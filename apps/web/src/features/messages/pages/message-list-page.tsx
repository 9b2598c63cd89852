import { Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconMailOff, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import {
  DIRECT_MESSAGE_LIMITS,
  DIRECT_MESSAGE_TOAST_KEYS,
  REALTIME_EVENTS,
  type UnreadsChangedEvent,
} from '@agora/contracts';
import { onRealtime } from '../../../app/realtime.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { groupQuery } from '../../groups/index.ts';
import { networkQuery } from '../../home/index.ts';
import { messageListQuery, useBatchMessages, type BatchAction, type MessageBox } from '../api.ts';
import { BatchActions } from '../components/batch-actions.tsx';
import { BoxSwitch } from '../components/box-switch.tsx';
import { MessageList } from '../components/message-list.tsx';
import { maySendMessages } from '../lib/compose.ts';
import { messagesBase, pageOf } from '../lib/paths.ts';

/**
 * /messages and /messages/sent, and within a group /groups/{slug}/messages (and /sent): the
 * messages ten at a time (`?page=`), selectable for marking read, unread and deleting.
 */
function MessageListPage({ box }: { box: MessageBox }) {
  const { t } = useTranslation('messages');
  const { groupSlug = null } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search.get('page'));
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });
  const groupId = groupSlug ? (group.data?.id ?? null) : null;
  const query = useQuery({ ...messageListQuery(box, page, groupId), enabled: groupSlug === null || groupId !== null });
  const network = useQuery(networkQuery).data;
  const batch = useBatchMessages(box);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<BatchAction | null>(null);
  const queryClient = useQueryClient();

  // A message that arrives (or is read elsewhere) changes the Messages count: the list follows.
  useEffect(
    () =>
      onRealtime(REALTIME_EVENTS.unreadsChanged, (payload) => {
        if ((payload as UnreadsChangedEvent | null)?.Messages === undefined) return;
        void queryClient.invalidateQueries({ queryKey: ['messages', 'list'] });
      }),
    [queryClient],
  );

  const boxTitle = box === 'sent' ? t('sent') : t('inbox');
  const title = groupSlug ? t('group_title', { box: boxTitle, name: group.data?.name ?? '' }) : boxTitle;
  usePageTitle(title);

  const messages = query.data?.messages ?? [];
  // What left the page (deleted, another page) is no longer selected.
  const chosen = messages.filter((message) => selected.has(message.id)).map((message) => message.id);
  const visibleSelection = new Set(chosen);

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECT_MESSAGE_LIMITS.pageSize));
  const pageSearch = (next: number) => {
    const params = new URLSearchParams(search);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    return params;
  };
  const toPage = (next: number) => {
    setSelected(new Set());
    setSearch(pageSearch(next), { replace: false });
  };

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(messages.map((m) => m.id)) : new Set());

  const act = async (action: BatchAction) => {
    if (chosen.length === 0) return;
    if (action === 'delete') {
      const confirmed = await confirm({
        title: t('delete_dialog.title', { count: chosen.length }),
        message: t('delete_dialog.text', { count: chosen.length }),
        confirmLabel: t('delete_dialog.confirm'),
        danger: true,
      });
      if (!confirmed) return;
    }
    setPending(action);
    try {
      await batch.mutateAsync({ action, ids: chosen });
      setSelected(new Set());
      // The count picks the plural form, so the sentence is translated here rather than by key.
      if (action === 'delete')
        showToast(
          chosen.length === 1
            ? t(`toasts.${DIRECT_MESSAGE_TOAST_KEYS.deletedOne}`)
            : t(`toasts.${DIRECT_MESSAGE_TOAST_KEYS.deletedMany}`, { count: chosen.length }),
          { kind: 'success' },
        );
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
    } finally {
      setPending(null);
    }
  };

  const newPath = `${messagesBase(groupSlug)}/new`;
  const newButton = maySendMessages(network) && (
    <Button component={Link} to={newPath} leftSection={<IconPencil size={16} aria-hidden />}>
      {t('new')}
    </Button>
  );

  // A page beyond the last (after deleting its last messages) shows the last one instead.
  if (query.data && !query.isPlaceholderData && page > pages)
    return <Navigate to={{ search: pageSearch(pages).toString() }} replace />;

  let content;
  if (groupSlug && group.isError) content = <ErrorRow error={group.error} kind="group" />;
  else if (query.isPending) content = <LoadingRow />;
  else if (!query.data) content = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else if (total === 0)
    content = (
      <EmptyState
        icon={<IconMailOff size={28} />}
        title={t(box === 'sent' ? 'empty.sent_title' : 'empty.inbox_title')}
        text={t(box === 'sent' ? 'empty.sent_text' : 'empty.inbox_text')}
        data-testid="messages-empty"
      />
    );
  else
    content = (
      <Stack gap="sm">
        <BatchActions box={box} count={chosen.length} pending={pending} onAction={(action) => void act(action)} />
        <MessageList
          box={box}
          messages={messages}
          selected={visibleSelection}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
        <Group justify="center">
          <Pager total={pages} page={page} onChange={toPage} />
        </Group>
      </Stack>
    );

  return (
    <PageContainer size="lg">
      <PageToolbar
        title={title}
        backTo={groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : undefined}
        backLabel={groupSlug ? t('back_to_group') : undefined}
        actions={newButton || undefined}
      />
      <Stack gap="sm">
        <BoxSwitch box={box} groupSlug={groupSlug} />
        {content}
      </Stack>
    </PageContainer>
  );
}

export function InboxPage() {
  return <MessageListPage box="inbox" />;
}

export function SentMessagesPage() {
  return <MessageListPage box="sent" />;
}
