import { useTranslation } from 'react-i18next';
import type { SearchHighlight, SearchHits } from '@agora/contracts';
import { formatDate } from '../../../../ui/date-format.ts';
import { plainText } from '../../lib/highlight.ts';
import { HitFrame, MetaLine } from '../hit-frame.tsx';

/** A direct message: subject, from whom to whom, when, and a preview. */
export function MessageHit({ hit, highlight }: { hit: SearchHits['messages']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  return (
    <HitFrame
      to={hit.html_url}
      title={hit.subject || t('hit.no_subject')}
      highlight={highlight}
      preview={plainText(hit.html_content) || t('no_content')}
      meta={
        <MetaLine
          parts={[
            t('hit.from', { name: hit.author?.name ?? t('hit.former_member') }),
            hit.to.length > 0 && t('hit.to', { names: hit.to.map((recipient) => recipient.name).join(', ') }),
            formatDate(hit.created_at),
          ]}
        />
      }
    />
  );
}
