import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SEARCH_LIMITS, type SearchHighlight } from '@agora/contracts';
import { Highlighted, previewFragments } from './highlighted.tsx';
import classes from './search.module.css';

type HitFrameProps = {
  to: string;
  title: string;
  highlight: SearchHighlight | undefined;
  /** A picture before the text (a member's or group's image). */
  image?: ReactNode;
  /** The line under the title: who, where, when. */
  meta?: ReactNode;
  /** The plain text previewed when the server highlighted none of it. */
  preview?: string;
  children?: ReactNode;
};

/** One hit of any type: its linked title, a line about it, a preview of its text, and what else it shows. */
export function HitFrame({ to, title, highlight, image, meta, preview, children }: HitFrameProps) {
  const fragments = previewFragments(highlight);
  return (
    <Box component="li" className={classes.hit} data-testid="search-hit">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {image}
        <Stack gap={4} miw={0} flex={1}>
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Highlighted fragments={highlight?.title} text={title} />
          </Anchor>
          {meta && (
            <Text size="xs" c="dimmed" component="div">
              {meta}
            </Text>
          )}
          {(fragments?.length || preview) && (
            <Text size="sm" className={classes.preview} lineClamp={6}>
              <Highlighted fragments={fragments} text={preview ?? ''} limit={SEARCH_LIMITS.previewChars} />
            </Text>
          )}
          {children}
        </Stack>
      </Group>
    </Box>
  );
}

/** Parts of a meta line, separated by a dot. */
export function MetaLine({ parts }: { parts: ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return (
    <Group gap={6} wrap="wrap" component="span">
      {shown.map((part, index) => (
        <Group key={index} gap={6} wrap="nowrap" component="span">
          {index > 0 && <span aria-hidden>·</span>}
          {part}
        </Group>
      ))}
    </Group>
  );
}
