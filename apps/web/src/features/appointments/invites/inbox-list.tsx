import { Button, Center, Stack } from '@mantine/core';
import { useInfiniteQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { IconCalendarCheck, IconCalendarOff, IconCalendarX, IconClockX, IconMailOpened } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteListStatus, InviteTab, LinkPage, ParticipationListStatus } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { invitesQuery, participationsQuery } from '../participation-api.ts';
import { InviteItem } from './invite-card.tsx';
import { ParticipationItem } from './participation-card.tsx';

const EMPTY_ICONS: Record<InviteTab, ReactNode> = {
  open: <IconMailOpened size={28} />,
  upcoming: <IconCalendarCheck size={28} />,
  accepted: <IconCalendarCheck size={28} />,
  declined: <IconCalendarX size={28} />,
  expired: <IconClockX size={28} />,
  obsolete: <IconCalendarOff size={28} />,
};

type PagedListProps<T> = {
  tab: InviteTab;
  query: UseInfiniteQueryResult<InfiniteData<LinkPage<T>>>;
  render: (item: T) => ReactNode;
  itemKey: (item: T) => string;
};

/** A list paged by `next` links: loading, error, its tab's empty state and "load more". */
function PagedList<T>({ tab, query, render, itemKey }: PagedListProps<T>) {
  const { t } = useTranslation('appointments');
  if (query.isPending) return <LoadingRow />;
  if (!query.data) return <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0 && !query.hasNextPage) {
    return (
      <EmptyState
        icon={EMPTY_ICONS[tab]}
        title={t(`invites.empty.${tab}.title`)}
        text={t(`invites.empty.${tab}.text`)}
      />
    );
  }
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <div key={itemKey(item)}>{render(item)}</div>
      ))}
      {query.isFetchNextPageError && <ErrorRow error={query.error} onRetry={() => void query.fetchNextPage()} />}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('invites.load_more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

export function InvitesList({ status }: { status: InviteListStatus }) {
  const query = useInfiniteQuery(invitesQuery(status));
  return (
    <PagedList
      tab={status}
      query={query}
      itemKey={(invite) => invite.id}
      render={(invite) => <InviteItem invite={invite} list={status} />}
    />
  );
}

export function ParticipationsList({ status }: { status: ParticipationListStatus }) {
  const query = useInfiniteQuery(participationsQuery(status));
  return (
    <PagedList
      tab={status}
      query={query}
      itemKey={(participation) => participation.id}
      render={(participation) => <ParticipationItem participation={participation} />}
    />
  );
}
