import { Anchor, Badge, Group } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity, ActivityAttachment } from '@agora/contracts';
import classes from './activities.module.css';

type Tag = Extract<ActivityAttachment, { type: 'tag' }>;

/** The streams an activity is in, each a link, separated by commas ("in" is the caller's). */
export function StreamLinks({ streams }: { streams: Activity['activitystreams'] }) {
  return streams.map((stream, index) => (
    <span key={stream.id}>
      {index > 0 && ', '}
      <Anchor component={Link} to={stream.html_url} size="xs">
        {stream.name}
      </Anchor>
    </span>
  ));
}

/** An activity's tags as chips, each opening the stream of everything so tagged. */
export function TagChips({ tags }: { tags: Tag[] }) {
  const { t } = useTranslation('activities');
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('card.tags')} role="group">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          component={Link}
          to={`/activitystreams/all?tag=${encodeURIComponent(tag.name)}`}
          variant="light"
          tt="none"
          leftSection={<IconTag size={12} aria-hidden />}
          className={classes.tagChip}
          data-testid="tag-chip"
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}
