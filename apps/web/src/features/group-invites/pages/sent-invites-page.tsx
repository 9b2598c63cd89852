import { Anchor, Group, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconSend, IconUserPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { SentGroupInvite } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { ExternalInvitesSection } from '../../external-invites/index.ts';
import { groupQuery } from '../../groups/index.ts';
import { sentInvitesQuery } from '../api.ts';
import { BatchBar } from '../components/batch-bar.tsx';
import { Flash } from '../components/flash.tsx';
import { RenewDialog } from '../components/renew-dialog.tsx';
import { SentInvitesTable } from '../components/sent-invites-table.tsx';
import { batchSuccessKey, useInviteBatch } from '../components/use-invite-batch.ts';
import { Pager } from '../../../ui/pager.tsx';

/** The page of `?page=`, 1 when missing or not a page number. */
function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /invites/sent and /groups/{slug}/invites/sent (administration spec, sections 2 and 4): the
 * invitations sent, a page at a time (`?page=`), with the batch bar for the selected ones.
 */
export function SentInvitesPage() {
  const { t } = useTranslation('group-invites');
  const { groupSlug = null } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search.get('page'));
  const query = useQuery(sentInvitesQuery(groupSlug, page));
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });
  const title = groupSlug ? t('sent.group_title', { name: group.data?.name ?? '' }) : t('sent.title');
  usePageTitle(title);

  const invites: SentGroupInvite[] = query.data?.items ?? [];
  const batch = useInviteBatch(invites, {
    success: (action) => t(`sent.flash.${batchSuccessKey(action)}`),
    revokeText: (count) => t('sent.revoke_dialog.text', { count }),
  });

  const toPage = (next: number) => {
    batch.clear();
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('page', String(next));
        return params;
      },
      { replace: false },
    );
  };

  const inviteLink = groupSlug && group.data?.can.invite_internal && (
    <Anchor component={Link} to={`/groups/${encodeURIComponent(groupSlug)}/membership_invites/new`} size="sm">
      <Group gap={4} component="span">
        <IconUserPlus size={16} aria-hidden />
        {t('sent.invite_more')}
      </Group>
    </Anchor>
  );

  let content;
  if (query.isPending) content = <LoadingRow />;
  else if (!query.data) content = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.total === 0)
    content = <EmptyState icon={<IconSend size={28} />} title={t('sent.empty.title')} text={t('sent.empty.text')} />;
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / query.data.per));
    content = (
      <Stack gap="sm">
        <BatchBar
          selected={batch.chosen}
          pending={batch.pending}
          onRenew={batch.openRenew}
          onRevoke={() => void batch.revoke()}
        />
        <SentInvitesTable
          invites={invites}
          selected={batch.selected}
          onToggle={batch.toggle}
          onToggleAll={batch.toggleAll}
        />
        <Group justify="center">
          <Pager total={pages} page={page} onChange={toPage} />
        </Group>
      </Stack>
    );
  }

  const groupInvites = (
    <Stack gap="sm">
      <Flash flash={batch.flash} onDismiss={batch.dismiss} closeLabel={t('sent.flash.close')} />
      {content}
    </Stack>
  );
  // The invitations by e-mail: the member's own, or a group's where the member may send them.
  const can = group.data?.can;
  const byEmail = groupSlug === null || !!(can && (can.invite_external || can.invite_external_guests || can.archive));
  const tab = byEmail && search.get('tab') === 'email' ? 'email' : 'members';

  return (
    <PageContainer size="lg">
      <PageToolbar
        title={title}
        backTo={groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : '/invites'}
        backLabel={groupSlug ? t('sent.back_to_group') : t('sent.back_to_inbox')}
        actions={inviteLink || undefined}
      />
      {byEmail ? (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) => setSearch(value === 'email' ? { tab: 'email' } : {}, { replace: true })}
        >
          <Tabs.List mb="sm">
            <Tabs.Tab value="members">{t('sent.tabs.members')}</Tabs.Tab>
            <Tabs.Tab value="email">{t('sent.tabs.email')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="members">{groupInvites}</Tabs.Panel>
          <Tabs.Panel value="email">
            <Suspense fallback={<LoadingRow />}>
              <ExternalInvitesSection source={groupSlug ? { kind: 'group', slug: groupSlug } : { kind: 'own' }} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      ) : (
        groupInvites
      )}
      <RenewDialog
        opened={batch.renewing}
        count={batch.chosen.length}
        onClose={batch.closeRenew}
        onRenew={batch.renew}
      />
    </PageContainer>
  );
}
