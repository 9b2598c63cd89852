import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_INVITE_FLASHES } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import {
  BatchBar,
  Flash,
  RenewDialog,
  refusedFlash,
  useBatchInvites,
  type FlashMessage,
} from '../../group-invites/index.ts';
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
  const batch = useBatchInvites();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [renewing, setRenewing] = useState(false);
  const dismiss = useCallback(() => setFlash(null), []);
  const invites = query.data?.items ?? [];
  const chosen = invites.filter((invite) => selected.has(invite.id));

  const run = async (action: 'renew' | 'revoke') => {
    try {
      await batch.mutateAsync({ action, body: { invite_ids: chosen.map((invite) => invite.id) } });
      setSelected(new Set());
      setFlash({ kind: 'success', text: te(`flash.${BATCH_INVITE_FLASHES.success}_${action}`), id: Date.now() });
    } catch (error) {
      setFlash({ kind: 'error', text: refusedFlash(error, action, t), id: Date.now() });
    }
  };

  const revoke = async () => {
    const go = await confirm({
      title: t('sent.revoke_dialog.title'),
      message: te('revoke_text', { count: chosen.length }),
      confirmLabel: t('sent.revoke_dialog.submit'),
      cancelLabel: t('sent.revoke_dialog.cancel'),
      danger: true,
    });
    if (go) await run('revoke');
  };

  const toggle = (id: string, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
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
          selected={chosen}
          pending={batch.isPending ? batch.variables.action : null}
          onRenew={() => setRenewing(true)}
          onRevoke={() => void revoke()}
        />
        <ExternalInvitesTable
          invites={invites}
          selected={selected}
          onToggle={toggle}
          onToggleAll={(checked) => setSelected(checked ? new Set(invites.map((invite) => invite.id)) : new Set())}
        />
        <Group justify="center">
          <Pager
            total={pages}
            page={page}
            onChange={(next) => {
              setSelected(new Set());
              setPage(next);
            }}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Flash flash={flash} onDismiss={dismiss} closeLabel={t('sent.flash.close')} />
      {content}
      <RenewDialog
        opened={renewing}
        count={chosen.length}
        withMessage={false}
        text={te('renew_text', { count: chosen.length })}
        onClose={() => setRenewing(false)}
        onRenew={() => {
          setRenewing(false);
          void run('renew');
        }}
      />
    </Stack>
  );
}
