import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One group of settings on a tab: a heading and its fields. */
export function Section({ title, children, columns = 1 }: { title: string; children: ReactNode; columns?: 1 | 2 }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {columns === 2 ? <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid> : children}
      </Stack>
    </Paper>
  );
}
