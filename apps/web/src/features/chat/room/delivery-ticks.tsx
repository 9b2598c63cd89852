import { Box } from '@mantine/core';
import { IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@agora/contracts';

const ICONS = { pushed: IconClock, persisted: IconCheck, received: IconChecks, read: IconChecks } as const;

/**
 * The delivery status of an own message (spec 4): a clock until the server stored it, one tick
 * when stored, two when the partner's device received it, two coloured ones when read.
 */
export function DeliveryTicks({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('chat-room');
  const Icon = ICONS[status];
  return (
    <Box
      component="span"
      role="img"
      aria-label={t(`delivery.${status}`)}
      title={t(`delivery.${status}`)}
      data-delivery={status}
      c={status === 'read' ? 'blue.8' : 'gray.7'}
      style={{ display: 'inline-flex', lineHeight: 1 }}
    >
      <Icon size={16} aria-hidden />
    </Box>
  );
}
