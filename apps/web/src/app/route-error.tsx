import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundState } from '../ui/not-found-state.tsx';
import { missingReason, useErrorMessage } from '../ui/use-error-message.ts';

/**
 * A page that failed to render or load: what is missing or not allowed says so with the ways on;
 * anything else a plain message and a reload (a new version's files, a passing failure).
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = useErrorMessage();
  const reason = missingReason(isRouteErrorResponse(error) ? { status: error.status } : error);
  if (reason)
    return (
      <Container size="sm" py="xl">
        <NotFoundState reason={reason} titleOrder={1} />
      </Container>
    );
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={t('errors.generic')} role="alert">
          {message(error)}
        </Alert>
        <Button variant="light" onClick={() => window.location.reload()} w="fit-content">
          {t('reload')}
        </Button>
      </Stack>
    </Container>
  );
}
