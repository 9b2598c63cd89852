import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundState, type MissingKind } from './not-found-state.tsx';
import { isRetryable, missingReason, useErrorMessage } from './use-error-message.ts';

/** Inside a table (colSpan given) a whole row spanning the columns, else the content alone. */
function Row({ colSpan, children }: { colSpan?: number; children: ReactNode }) {
  if (colSpan === undefined) return children;
  return (
    <tr>
      <td colSpan={colSpan}>{children}</td>
    </tr>
  );
}

type LoadingRowProps = {
  label?: string;
  /** Inside a table: renders a whole row spanning this many columns. */
  colSpan?: number;
};

/** The placeholder of a list while it loads; announced politely to screen readers. */
export function LoadingRow({ label, colSpan }: LoadingRowProps) {
  const { t } = useTranslation('common');
  return (
    <Row colSpan={colSpan}>
      <Group justify="center" gap="xs" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label ?? t('loading')}
        </Text>
      </Group>
    </Row>
  );
}

type ErrorRowProps = {
  /** The failed query's error; its message key is translated, else a generic error. */
  error: unknown;
  /** Usually the query's refetch; offered only where trying again can help (network, 5xx, 429). */
  onRetry?: () => unknown;
  /**
   * What the page loads (an appointment, a group ...): when it is gone or not for this member,
   * the not-found state says so in these words, with the ways on, instead of a bare message.
   */
  kind?: MissingKind;
  /** A fixed text instead of the error's own. */
  message?: string;
  /** Inside a table: renders a whole row spanning this many columns. */
  colSpan?: number;
};

/** A list or page that failed to load: what went wrong, and a button to try again where that can help. */
export function ErrorRow({ error, onRetry, message, colSpan, kind }: ErrorRowProps) {
  const { t } = useTranslation('ui');
  const errorMessage = useErrorMessage();
  const reason = missingReason(error);
  if (kind && reason)
    return (
      <Row colSpan={colSpan}>
        <NotFoundState kind={kind} reason={reason} />
      </Row>
    );
  return (
    <Row colSpan={colSpan}>
      <Group justify="center" gap="sm" py="md" wrap="wrap">
        <Group gap={6} wrap="nowrap" role="alert">
          <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />
          <Text size="sm">{message ?? errorMessage(error)}</Text>
        </Group>
        {onRetry && isRetryable(error) && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void onRetry()}
          >
            {t('error_row.retry')}
          </Button>
        )}
      </Group>
    </Row>
  );
}
