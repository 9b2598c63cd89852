import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_INVITE_FLASHES } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { useBatchInvites } from '../api.ts';
import { refusedFlash, type FlashMessage } from './flash.tsx';

type BatchTexts = {
  /** The flash after a batch went through. */
  success: (action: 'renew' | 'revoke') => string;
  /** What the revoke dialog asks, for this many invitations. */
  revokeText: (count: number) => string;
};

/**
 * The selection of a page of invitations and the batch actions on it (spec, section 4): renew
 * (with an optional new message) and revoke after asking, each ending in a flash.
 */
export function useInviteBatch<T extends { id: string }>(invites: T[], texts: BatchTexts) {
  const { t } = useTranslation('group-invites');
  const batch = useBatchInvites();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [renewing, setRenewing] = useState(false);
  const dismiss = useCallback(() => setFlash(null), []);
  const chosen = invites.filter((invite) => selected.has(invite.id));

  const run = async (action: 'renew' | 'revoke', message?: string) => {
    try {
      await batch.mutateAsync({
        action,
        body: {
          invite_ids: chosen.map((invite) => invite.id),
          ...(message !== undefined ? { additional_message: message } : {}),
        },
      });
      setSelected(new Set());
      setFlash({ kind: 'success', text: texts.success(action), id: Date.now() });
    } catch (error) {
      setFlash({ kind: 'error', text: refusedFlash(error, action, t), id: Date.now() });
    }
  };

  return {
    selected,
    chosen,
    flash,
    dismiss,
    renewing,
    pending: batch.isPending ? batch.variables.action : null,
    /** Clears the selection (another page shows other invitations). */
    clear: () => setSelected(new Set()),
    toggle: (id: string, checked: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    toggleAll: (checked: boolean) => setSelected(checked ? new Set(invites.map((invite) => invite.id)) : new Set()),
    openRenew: () => setRenewing(true),
    closeRenew: () => setRenewing(false),
    renew: (message?: string) => {
      setRenewing(false);
      void run('renew', message);
    },
    revoke: async () => {
      const go = await confirm({
        title: t('sent.revoke_dialog.title'),
        message: texts.revokeText(chosen.length),
        confirmLabel: t('sent.revoke_dialog.submit'),
        cancelLabel: t('sent.revoke_dialog.cancel'),
        danger: true,
      });
      if (go) await run('revoke');
    },
  };
}

/** The success flash's text of a batch action, by the contracts' key. */
export const batchSuccessKey = (action: 'renew' | 'revoke') => `${BATCH_INVITE_FLASHES.success}_${action}`;
