import { Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './empty-state.module.css';

type EmptyStateProps = {
  /** A Tabler icon element, e.g. <IconCalendar />; decorative. An inbox when none is given. */
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  /** A button or link that leads out of the emptiness (create the first one ...); several in a Group. */
  action?: ReactNode;
  /** `sm` inside a dropdown, card or side panel; `md` (default) for a page's list. */
  size?: 'sm' | 'md';
  /** The title as a heading of this level (a page that is nothing but this state); else plain text. */
  titleOrder?: TitleOrder;
  'data-testid'?: string;
};

/**
 * What a list or page shows when there is nothing (no appointments, no invites ...), and the
 * frame of the not-found and no-permission states: one look everywhere.
 */
export function EmptyState({ icon, title, text, action, size = 'md', titleOrder, ...rest }: EmptyStateProps) {
  const small = size === 'sm';
  return (
    <Stack align="center" gap="xs" py={small ? 'md' : 'xl'} px="md" ta="center" data-testid={rest['data-testid']}>
      <ThemeIcon
        variant="light"
        color="gray"
        size={small ? 40 : 56}
        radius="xl"
        aria-hidden
        className={classes.icon}
        data-empty-icon
      >
        {icon ?? <IconInbox />}
      </ThemeIcon>
      {titleOrder ? (
        <Title order={titleOrder} fz={small ? 'md' : 'lg'} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      ) : (
        <Text fw={600} size={small ? 'sm' : 'lg'} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
      )}
      {text && (
        <Text c="dimmed" size="sm" maw={480}>
          {text}
        </Text>
      )}
      {action && <div>{action}</div>}
    </Stack>
  );
}
