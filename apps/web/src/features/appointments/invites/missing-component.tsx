import { Group, Paper, Text } from '@mantine/core';
import { IconPuzzleOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Stands in for an item of a type this app does not know (calendars spec, section 2: invites inbox). */
export function MissingComponent({ type }: { type: string }) {
  const { t } = useTranslation('appointments');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="missing-component" data-type={type}>
      <Group gap="xs" wrap="nowrap">
        <IconPuzzleOff size={18} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed">
          {t('invites.missing_component')}
        </Text>
      </Group>
    </Paper>
  );
}
