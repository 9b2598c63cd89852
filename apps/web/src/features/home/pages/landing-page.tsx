import { Avatar, Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionQuery } from '../../session/index.ts';
import { networkQuery } from '../api.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useErrorMessage } from '../../../ui/use-error-message.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';

/** The start page after sign-in: which network this is and who is signed in. */
export function LandingPage() {
  const { t } = useTranslation('home');
  const errorMessage = useErrorMessage();
  const session = useQuery(sessionQuery);
  const network = useQuery(networkQuery);
  const member = session.data?.member;
  usePageTitle(undefined);

  if (network.isPending || !member) return <PageLoader />;
  if (network.isError) {
    return <FormAlert kind="error">{errorMessage(network.error)}</FormAlert>;
  }
  const role = member.network_admin ? 'network_admin' : member.is_external ? 'external' : 'member';

  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Group gap="md" wrap="nowrap">
          <Avatar src={member.images.medium} name={member.displayName} size={64} color="blue" variant="filled" alt="" />
          <div>
            <Title order={1} fz="h2">
              {t('welcome', { name: member.displayName })}
            </Title>
            <Text c="dimmed">{t('intro', { network: network.data.name })}</Text>
            <Group gap="xs" mt={6}>
              <Text size="sm">{t('role')}:</Text>
              <Badge variant="light" data-testid="member-role">
                {t(`roles.${role}`)}
              </Badge>
            </Group>
          </div>
        </Group>
        <section aria-labelledby="group-categories-heading">
          <Title order={2} fz="h4" id="group-categories-heading" mb="sm">
            {t('group_categories')}
          </Title>
          {network.data.group_categories.length === 0 ? (
            <Text c="dimmed">{t('no_group_categories')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
              {network.data.group_categories.map((category) => (
                <Card key={category.id} withBorder radius="md" padding="md">
                  <Text fw={600}>{category.plural_name}</Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </section>
      </Stack>
    </Container>
  );
}
