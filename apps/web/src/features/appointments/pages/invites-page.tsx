import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INVITE_TABS, type InviteTab } from '@agora/contracts';
import { CountBadge } from '../../../app/shell/count-badge.tsx';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { InvitesList, ParticipationsList } from '../invites/inbox-list.tsx';
import { inboxList, inboxTab } from '../invites/invite-tabs.ts';

/**
 * /appointments/invites (calendars spec, section 2, invites inbox): open, expired and obsolete
 * invites, and the appointments the member takes part in. The tab is kept in `?tab=`.
 */
export function InvitesPage() {
  const { t } = useTranslation('appointments');
  const [search, setSearch] = useSearchParams();
  const tab = inboxTab(search.get('tab'));
  const unreads = useQuery(unreadsQuery);
  usePageTitle(t('invites.title'));

  const select = (value: string | null) => {
    if (!value || value === tab) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  const list = inboxList(tab);
  return (
    <PageContainer size="md">
      <PageToolbar title={t('invites.title')} backTo="/appointments" backLabel={t('invites.back')} />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md" aria-label={t('invites.tabs_label')}>
          {INVITE_TABS.map((value: InviteTab) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={value === 'open' ? <CountBadge count={unreads.data?.Calendars ?? 0} /> : undefined}
            >
              {t(`invites.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INVITE_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === tab &&
              (list.kind === 'invites' ? (
                <InvitesList status={list.status} />
              ) : (
                <ParticipationsList status={list.status} />
              ))}
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageContainer>
  );
}
