import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { BATCH_INVITE_FLASHES } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { FLASH_AUTO_DISMISS_MS } from './flash-timing.ts';

/** The flash of a refused batch: the spec's key for the action (422), else the error's sentence. */
export function refusedFlash(error: unknown, action: 'renew' | 'revoke', t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 422) {
    return t(
      `sent.flash.${action === 'renew' ? BATCH_INVITE_FLASHES.notRenewable : BATCH_INVITE_FLASHES.notRevokable}`,
    );
  }
  return errorMessage(error, 'group-invites');
}

export type FlashMessage = { kind: 'success' | 'error'; text: string; id: number };

/** A flash message above a list, dismissed after 5 seconds (spec, section 9) or by its close button. */
export function Flash({
  flash,
  onDismiss,
  closeLabel,
}: {
  flash: FlashMessage | null;
  onDismiss: () => void;
  closeLabel: string;
}) {
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(onDismiss, FLASH_AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [flash, onDismiss]);
  if (!flash) return null;
  return (
    <Alert
      color={flash.kind === 'success' ? 'green' : 'red'}
      role={flash.kind === 'error' ? 'alert' : 'status'}
      variant="light"
      withCloseButton
      closeButtonLabel={closeLabel}
      onClose={onDismiss}
      data-testid="flash"
    >
      {flash.text}
    </Alert>
  );
}
