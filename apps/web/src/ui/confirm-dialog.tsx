import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';

export type ConfirmOptions = {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button, and the focus starts on cancel. */
  danger?: boolean;
};

type ConfirmBodyProps = ConfirmOptions & { onConfirm: () => void; onCancel: () => void };

/**
 * The message and the two buttons. The focus starts on confirm, so Enter confirms, except for a
 * dangerous action, where it starts on cancel and a hurried Enter changes nothing. Enter
 * anywhere else in the dialog (not on a button) confirms; Escape cancels (the modal's own).
 */
function ConfirmBody({ message, confirmLabel, cancelLabel, danger, onConfirm, onCancel }: ConfirmBodyProps) {
  const { t } = useTranslation('ui');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    if (event.target instanceof HTMLElement && event.target.closest('button, a, textarea')) return;
    event.preventDefault();
    onConfirm();
  };
  return (
    <Stack gap="lg" onKeyDown={onKeyDown}>
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus={danger ? true : undefined}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus={danger ? undefined : true}>
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A confirmation dialog in the page's own state (for a form that already tracks "opened"). */
export function ConfirmDialog({ opened, title, ...body }: ConfirmBodyProps & { opened: boolean }) {
  const { t } = useTranslation('ui');
  return (
    <Modal opened={opened} onClose={body.onCancel} title={title ?? t('confirm.title')} centered>
      <ConfirmBody {...body} />
    </Modal>
  );
}

let nextId = 0;

/**
 * Asks and answers true (confirmed) or false (canceled, closed, Escape). Needs ModalsProvider
 * of @mantine/modals above the app: `if (await confirm({ message, danger: true })) remove()`.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  nextId += 1;
  const modalId = `confirm-${nextId}`;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean, close = true) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      if (close) modals.close(modalId);
    };
    modals.open({
      modalId,
      title: options.title ?? i18n.t('ui:confirm.title'),
      centered: true,
      onClose: () => settle(false, false),
      children: <ConfirmBody {...options} onConfirm={() => settle(true)} onCancel={() => settle(false)} />,
    });
  });
}
