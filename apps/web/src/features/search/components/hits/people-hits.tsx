import { Avatar, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SearchHighlight, SearchHits } from '@agora/contracts';
import type { ReactNode } from 'react';
import { HitFrame, MetaLine } from '../hit-frame.tsx';

type Pictured = { name: string; html_url: string; images: { small: string | null } };

/** A hit named by its name with its picture (a member's round, a group's square), linking to its page. */
function PicturedHit({
  hit,
  highlight,
  radius,
  preview,
  meta,
}: {
  hit: Pictured;
  highlight: SearchHighlight | undefined;
  radius: 'xl' | 'sm';
  preview?: string;
  meta: ReactNode;
}) {
  return (
    <HitFrame
      to={hit.html_url}
      title={hit.name}
      highlight={highlight}
      image={<Avatar src={hit.images.small} name={hit.name} alt="" size={40} radius={radius} />}
      preview={preview}
      meta={meta}
    />
  );
}

/** A member: picture, name and the profile values shown under it; links to the profile. */
export function MemberHit({ hit, highlight }: { hit: SearchHits['memberships']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  return (
    <PicturedHit
      hit={hit}
      highlight={highlight}
      radius="xl"
      meta={
        (hit.detail || hit.is_external) && (
          <MetaLine
            parts={[
              hit.detail,
              hit.is_external && (
                <Badge size="xs" variant="light" color="gray">
                  {t('hit.external')}
                </Badge>
              ),
            ]}
          />
        )
      }
    />
  );
}

/**
 * A group: picture, name, teaser, how open it is, how many members it has and how many of its
 * posts the member may read.
 */
export function GroupHit({ hit, highlight }: { hit: SearchHits['groups']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  return (
    <PicturedHit
      hit={hit}
      highlight={highlight}
      radius="sm"
      preview={hit.teaser ?? undefined}
      meta={
        <MetaLine
          parts={[
            t(`hit.access.${hit.access}`),
            t('hit.members', { count: hit.member_count }),
            t('hit.posts', { count: hit.activity_count }),
            hit.archived && (
              <Badge size="xs" variant="light" color="gray">
                {t('hit.archived')}
              </Badge>
            ),
          ]}
        />
      }
    />
  );
}
