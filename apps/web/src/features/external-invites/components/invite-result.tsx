import { Alert, List } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalInviteResult } from '@agora/contracts';

/**
 * The server's answer to an invitation by e-mail (spec, section 8): its message and, for each
 * address that was not invited, the row, the address and why.
 */
export function InviteResult({ result }: { result: ExternalInviteResult }) {
  const { t } = useTranslation('external-invites');
  const failed = result.errors.length > 0;
  const color = !failed ? 'green' : result.invited > 0 ? 'orange' : 'red';
  const ref = useRef<HTMLDivElement>(null);
  // The answer shows above the form, which the sender left at its submit button.
  useEffect(() => ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), [result]);
  return (
    <Alert
      ref={ref}
      color={color}
      variant="light"
      role={failed ? 'alert' : 'status'}
      title={result.message}
      icon={failed ? <IconAlertTriangle size={20} aria-hidden /> : <IconCheck size={20} aria-hidden />}
      // The light variants' own title colours are too pale on their backgrounds.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="invite-result"
    >
      {failed && (
        <List size="sm" spacing={2}>
          {result.errors.map((failure, index) => (
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              {t('result.row', {
                row: failure.row,
                email: failure.email || t('result.no_email'),
                error: t(`row_errors.${failure.error}`, { defaultValue: t('row_errors.invalid_email') }),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
