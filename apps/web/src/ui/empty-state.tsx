import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  /** A Tabler icon element, e.g. <IconCalendar />; decorative. */
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  /** A button or link that leads out of the emptiness (create the first one ...). */
  action?: ReactNode;
};

/** What a list or page shows when there is nothing (no appointments, no invites ...). */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      {icon && (
        <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
      )}
      <Text fw={600} size="lg">
        {title}
      </Text>
      {text && (
        <Text c="dimmed" size="sm" maw={480}>
          {text}
        </Text>
      )}
      {action && <div>{action}</div>}
    </Stack>
  );
}
