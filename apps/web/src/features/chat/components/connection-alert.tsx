import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChatConnectionState } from '../client/connection.ts';

/** The connection's state while it is not connected (spec 8): connecting, reconnecting, connection failed. */
export function ConnectionAlert() {
  const { t } = useTranslation('chat');
  const state = useChatConnectionState();
  if (state === 'connecting')
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} py={6} data-testid="chat-connection">
        {t('connection.connecting')}
      </Alert>
    );
  if (state === 'reconnecting')
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        py={6}
        data-testid="chat-connection"
        role="status"
      >
        {t('connection.reconnecting')}
      </Alert>
    );
  if (state === 'failed' || state === 'closed')
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconPlugConnectedX aria-hidden />}
        py={6}
        data-testid="chat-connection"
        role="alert"
      >
        {t('connection.failed')}
      </Alert>
    );
  return null;
}
