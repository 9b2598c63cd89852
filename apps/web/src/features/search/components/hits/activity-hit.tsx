import { Anchor, Box } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityAttachment, SearchHighlight, SearchHits } from '@agora/contracts';
import { formatDate } from '../../../../ui/date-format.ts';
import { ActivityThumbnails, StreamLinks, TagChips } from '../../../activities/index.ts';
import { HitFrame, MetaLine } from '../hit-frame.tsx';
import classes from '../search.module.css';

type Image = Extract<ActivityAttachment, { type: 'image' }>;
type Tag = Extract<ActivityAttachment, { type: 'tag' }>;

/** An activity: who posted it where and when, its replies or answers, a preview, images and tags. */
export function ActivityHit({ hit, highlight }: { hit: SearchHits['activities']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  const images = hit.attachments.filter((a): a is Image => a.type === 'image');
  const tags = hit.attachments.filter((a): a is Tag => a.type === 'tag');
  const text = hit.object.plain_content;
  const title = hit.object.title ?? (hit.actor ? t('hit.post_by', { name: hit.actor.name }) : t('hit.post'));
  return (
    <HitFrame
      to={hit.html_url}
      title={title}
      highlight={highlight}
      preview={text || t('no_content')}
      meta={
        <MetaLine
          parts={[
            hit.actor ? (
              <Anchor component={Link} to={hit.actor.path} size="xs">
                {hit.actor.name}
              </Anchor>
            ) : (
              t('hit.former_member')
            ),
            hit.activitystreams.length > 0 && (
              <span>
                {t('hit.in')} <StreamLinks streams={hit.activitystreams} />
              </span>
            ),
            formatDate(hit.created_at),
            hit.object.type === 'question'
              ? t('hit.answers', { count: hit.answer_count })
              : t('hit.replies', { count: hit.reply_count }),
          ]}
        />
      }
    >
      {images.length > 0 && (
        <Box className={classes.thumbnails}>
          <Suspense fallback={null}>
            <ActivityThumbnails images={images} />
          </Suspense>
        </Box>
      )}
      <TagChips tags={tags} />
    </HitFrame>
  );
}
