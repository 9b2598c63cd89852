import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Icon } from '../../../app/registry.ts';

type DetailSectionProps = { icon: Icon; title: string; children: ReactNode };

/** One block of the detail page's side column: icon, heading, content. */
export function DetailSection({ icon: SectionIcon, title, children }: DetailSectionProps) {
  return (
    <Group component="section" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="md" radius="xl" aria-hidden style={{ flex: 'none' }}>
        <SectionIcon size={16} />
      </ThemeIcon>
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Text component="h2" size="sm" fw={600} m={0}>
          {title}
        </Text>
        <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
      </Stack>
    </Group>
  );
}
