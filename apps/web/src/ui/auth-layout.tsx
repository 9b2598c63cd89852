import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './language-select.tsx';

/** The frame of the pages before sign-in: no header, no user bar, one card in the middle. */
export function AuthLayout({
  title,
  intro,
  languageHint,
  navigation,
  children,
}: {
  title: string;
  intro?: string;
  /** What the language chosen here means (the sign-in page: whether it becomes the account's). */
  languageHint?: string;
  /** The network's public navigation, above the card. */
  navigation?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Box bg="gray.0" mih="100vh">
      <Center component="main" mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="xs">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <Text fw={700} fz="xl">
              {t('app_name')}
            </Text>
          </Group>
          {navigation}
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} fz="h2">
                  {title}
                </Title>
                {intro && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {intro}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
          <Group justify="center">
            <Box maw={languageHint ? 320 : undefined} w={languageHint ? '100%' : undefined}>
              <LanguageSelect description={languageHint} />
            </Box>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
