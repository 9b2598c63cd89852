import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useErrorMessage } from '../ui/use-error-message.ts';

/** A page that failed to render or load: a plain message instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = useErrorMessage();
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
