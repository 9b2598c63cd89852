import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../ui/use-error-message.ts';

/** The server's refusal of an invitation (spec, section 8): a message and a list of errors. */
export function InviteErrors({ error }: { error: unknown }) {
  const { t } = useTranslation('group-invites');
  const fields = error instanceof ApiError && error.status === 422 ? Object.entries(error.body?.errors ?? {}) : [];
  const messages = fields.flatMap(([field, keys]) =>
    keys.map((key) =>
      t(`errors.${key}`, {
        defaultValue: t('errors.invalid', { field: t(`fields.${field}`, { defaultValue: field }) }),
      }),
    ),
  );
  return (
    <Alert color="red" variant="light" role="alert" title={t('form.error_title')}>
      {messages.length > 0 ? (
        <List size="sm">
          {messages.map((message, index) => (
            <List.Item key={index}>{message}</List.Item>
          ))}
        </List>
      ) : (
        errorMessage(error, 'group-invites')
      )}
    </Alert>
  );
}
