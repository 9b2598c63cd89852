import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { ApplyTo } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';

export type ApplyToAction = 'save' | 'delete' | 'respond' | 'cancel_appointment';

type ApplyToBodyProps = { action: ApplyToAction; onChoose: (choice: ApplyTo | null) => void };

function ApplyToBody({ action, onChoose }: ApplyToBodyProps) {
  const { t } = useTranslation('appointments');
  // Destructive choices are red, and the focus starts on "cancel" so that a hurried Enter changes nothing.
  const danger = action === 'delete' || action === 'cancel_appointment';
  return (
    <Stack gap="sm">
      <Text>{t(`apply_to.${action}.message`)}</Text>
      <Button
        color={danger ? 'red' : undefined}
        variant={danger ? 'light' : 'filled'}
        onClick={() => onChoose('this')}
        data-autofocus={danger ? undefined : true}
      >
        {t(`apply_to.${action}.this`)}
      </Button>
      <Button color={danger ? 'red' : undefined} variant="light" onClick={() => onChoose('all')}>
        {t(`apply_to.${action}.all`)}
      </Button>
      <Button variant="default" onClick={() => onChoose(null)} data-autofocus={danger ? true : undefined}>
        {t('apply_to.cancel')}
      </Button>
    </Stack>
  );
}

let nextId = 0;

/**
 * Asks whether a change to an occurrence of a series applies to this occurrence or to the whole
 * series (calendars spec, section 4: apply_to). Answers null when the member cancels. Needs
 * ModalsProvider above the app, as confirm() does.
 */
export function askApplyTo(action: ApplyToAction): Promise<ApplyTo | null> {
  nextId += 1;
  const modalId = `apply-to-${nextId}`;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (choice: ApplyTo | null, close = true) => {
      if (settled) return;
      settled = true;
      resolve(choice);
      if (close) modals.close(modalId);
    };
    modals.open({
      modalId,
      title: i18n.t(`appointments:apply_to.${action}.title`),
      centered: true,
      onClose: () => settle(null, false),
      children: <ApplyToBody action={action} onChoose={(choice) => settle(choice)} />,
    });
  });
}
