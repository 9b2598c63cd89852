import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { BatchBar, batchSuccessKey, Flash, RenewDialog, useInviteBatch } from '../../group-invites/index.ts';
import { externalInvitesQuery, type ListSource } from '../api.ts';
import { ExternalInvitesTable } from './external-invites-table.tsx';

type SectionProps = { source: ListSource; emptyAction?: ReactNode };

/**
 * The invitations by e-mail of the network, a group or the member (spec, sections 3 and 4), a
 * page at a time, with the batch bar of the group invitations: renew and revoke.
 */
export function ExternalInvitesSection({ source, emptyAction }: SectionProps) {
  const { t } = useTranslation('group-invites');
  const { t: te } = useTranslation('external-invites');
  const [page, setPage] = useState(1);
  const query = useQuery(externalInvitesQuery(source, page));
  const invites = query.data?.items ?? [];
  const batch = useInviteBatch(invites, {
    success: (action) => te(`flash.${batchSuccessKey(action)}`),
    revokeText: (count) => te('revoke_text', { count }),
  });

  let content;
  if (query.isPending) content = <LoadingRow />;
  else if (!query.data) content = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.total === 0)
    content = (
      <EmptyState
        icon={<IconMailForward size={28} />}
        title={te('list.empty.title')}
        text={te('list.empty.text')}
        action={emptyAction}
      />
    );
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
        <ExternalInvitesTable
          invites={invites}
          selected={batch.selected}
          onToggle={batch.toggle}
          onToggleAll={batch.toggleAll}
        />
        <Group justify="center">
          <Pager
            total={pages}
            page={page}
            onChange={(next) => {
              batch.clear();
              setPage(next);
            }}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Flash flash={batch.flash} onDismiss={batch.dismiss} closeLabel={t('sent.flash.close')} />
      {content}
      <RenewDialog
        opened={batch.renewing}
        count={batch.chosen.length}
        withMessage={false}
        text={te('renew_text', { count: batch.chosen.length })}
        onClose={batch.closeRenew}
        onRenew={() => batch.renew()}
      />
    </Stack>
  );
}
