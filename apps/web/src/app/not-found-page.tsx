import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('not_found_page.title')}</Title>
        <Text>{t('not_found_page.text')}</Text>
        <Button component={Link} to="/">
          {t('not_found_page.home')}
        </Button>
      </Stack>
    </Container>
  );
}
