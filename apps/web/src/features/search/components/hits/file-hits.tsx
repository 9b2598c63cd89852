import { ThemeIcon } from '@mantine/core';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SearchHighlight, SearchHits } from '@agora/contracts';
import { formatDate } from '../../../../ui/date-format.ts';
import { hitLink, hitTitle } from '../../lib/hits.ts';
import { HitFrame, MetaLine } from '../hit-frame.tsx';

const icon = (Icon: typeof IconFile) => (
  <ThemeIcon variant="light" color="gray" size="lg" aria-hidden>
    <Icon size={18} />
  </ThemeIcon>
);

/** A file: its name, folder, author and last change, and what was found in it. */
export function FileHit({ hit, highlight }: { hit: SearchHits['files']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  return (
    <HitFrame
      to={hitLink('files', hit)}
      title={hitTitle('files', hit)}
      highlight={highlight}
      image={icon(IconFile)}
      preview={hit.description}
      meta={
        <MetaLine
          parts={[
            hit.folder && t('hit.in_folder', { folder: hit.folder.name }),
            hit.author?.name,
            t('hit.updated', { date: formatDate(hit.updated_at) }),
          ]}
        />
      }
    />
  );
}

/** A folder: its name, where it is, its description. */
export function FolderHit({ hit, highlight }: { hit: SearchHits['folders']; highlight?: SearchHighlight }) {
  const { t } = useTranslation('search');
  return (
    <HitFrame
      to={hitLink('folders', hit)}
      title={hit.name}
      highlight={highlight}
      image={icon(IconFolder)}
      preview={hit.description}
      meta={
        <MetaLine
          parts={[
            hit.folder_path.length > 0 && hit.folder_path.join(' / '),
            t('hit.updated', { date: formatDate(hit.updated_at) }),
          ]}
        />
      }
    />
  );
}
