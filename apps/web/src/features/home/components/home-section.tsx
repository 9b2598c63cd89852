import { Anchor, Group, Paper, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CountBadge } from '../../../app/shell/count-badge.tsx';
import type { Icon } from '../../../app/registry.ts';
import { ErrorRow } from '../../../ui/rows.tsx';

type HomeSectionProps = {
  /** For tests and the e2e: `home-<name>`. */
  name: string;
  icon: Icon;
  title: string;
  /** A red counter beside the title (unread, open); nothing for 0. */
  count?: number;
  /** Its way on: where the whole list is (or several, in `footer`). */
  more?: { to: string; label: string };
  /** Ways on below the list, shown also while it is empty or failed. */
  footer?: ReactNode;
  /** The state of what the section lists: loading shows placeholders, an error says so. */
  state: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
};

/**
 * One section of the start page: icon, title and count, the way on to the whole list, and the
 * first few items (or an empty state) below.
 */
export function HomeSection(props: HomeSectionProps) {
  const { name, icon: SectionIcon, title, count = 0, more, footer, state, children } = props;
  const headingId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid={`home-${name}`}
      miw={0}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
              <SectionIcon size={18} stroke={1.8} />
            </ThemeIcon>
            <Title order={2} fz="h4" id={headingId}>
              {title}
            </Title>
            <CountBadge count={count} />
          </Group>
          {more && (
            <Anchor component={Link} to={more.to} size="sm" fw={500} data-testid={`home-${name}-more`}>
              <Group gap={2} wrap="nowrap" component="span">
                {more.label}
                <IconChevronRight size={16} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
        {state.isPending ? (
          <Stack gap="xs" aria-hidden>
            <Skeleton h={40} radius="sm" />
            <Skeleton h={40} radius="sm" />
            <Skeleton h={40} radius="sm" />
          </Stack>
        ) : state.error ? (
          <ErrorRow error={state.error} onRetry={state.refetch} />
        ) : (
          children
        )}
        {footer && (
          <Group gap="xs" wrap="wrap" pt="xs">
            {footer}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
