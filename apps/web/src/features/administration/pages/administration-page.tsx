import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { administrationEntries } from '../../../app/features.ts';
import { ADMINISTRATION_SECTIONS, type AdministrationEntry } from '../../../app/registry.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { namespacesOf } from '../../../i18n/index.ts';
import { networkQuery } from '../../home/index.ts';

// Other features' pages bring their own cards, labelled in their own namespaces.
const NAMESPACES = [
  'administration',
  ...namespacesOf(administrationEntries.flatMap((entry) => [entry.label, entry.description])),
];

function AdministrationCard({ entry }: { entry: AdministrationEntry }) {
  const { t } = useTranslation(NAMESPACES);
  const Icon = entry.icon;
  return (
    <UnstyledButton component={Link} to={entry.path}>
      <Paper withBorder radius="md" p="md" h="100%">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t(entry.label)}</Text>
            <Text size="sm" c="dimmed">
              {t(entry.description)}
            </Text>
          </div>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** The administration home: one card per administration page that exists, under its section's heading. */
export function AdministrationPage() {
  const { t } = useTranslation(NAMESPACES);
  usePageTitle(t('administration:title'));
  const network = useQuery(networkQuery).data;
  const entries = administrationEntries.filter((entry) => !entry.visible || (network && entry.visible(network)));
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('administration:title')}
        </Title>
        {ADMINISTRATION_SECTIONS.map((section) => {
          const cards = entries.filter((entry) => entry.section === section);
          if (cards.length === 0) return null;
          return (
            <Stack key={section} gap="xs" component="section" aria-labelledby={`administration-${section}`}>
              <Title order={2} fz="h4" id={`administration-${section}`}>
                {t(`administration:sections.${section}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {cards.map((entry) => (
                  <AdministrationCard key={entry.key} entry={entry} />
                ))}
              </SimpleGrid>
            </Stack>
          );
        })}
      </Stack>
    </PageContainer>
  );
}
