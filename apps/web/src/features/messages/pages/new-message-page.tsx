import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { DirectoryGroupOption } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { networkQuery } from '../../home/index.ts';
import { sessionQuery } from '../../session/index.ts';
import { messageQuery, recipientQuery } from '../api.ts';
import { Composer } from '../components/composer.tsx';
import { draftFrom, EMPTY_DRAFT, maySendMessages, type ComposeMode, type Draft } from '../lib/compose.ts';
import { messagesBase } from '../lib/paths.ts';

const MODES: ComposeMode[] = ['reply', 'reply_all', 'forward'];

/** Which message the composer answers or forwards (`?reply=`, `?reply_all=`, `?forward=`), if any. */
function sourceOf(search: URLSearchParams): { mode: ComposeMode; id: string } | null {
  for (const mode of MODES) {
    const id = search.get(mode);
    if (id) return { mode, id };
  }
  return null;
}

/**
 * /messages/new (`?to=` a member id), /groups/{slug}/messages/new (to the group), and the
 * composer prefilled to reply, reply to all or forward (`?reply=`, `?reply_all=`, `?forward=`).
 */
export function NewMessagePage() {
  const { t } = useTranslation('messages');
  const { groupSlug = null } = useParams();
  const [search] = useSearchParams();
  const source = sourceOf(search);
  const toId = search.get('to');
  const session = useQuery(sessionQuery).data;
  const network = useQuery(networkQuery);
  const original = useQuery({ ...messageQuery(source?.id ?? ''), enabled: !!source });
  const recipient = useQuery({ ...recipientQuery(toId ?? ''), enabled: !!toId && !source });
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });

  const title = source ? t(`composer.title_${source.mode}`) : t('composer.title');
  usePageTitle(title);
  const backTo = source ? `/messages/${encodeURIComponent(source.id)}` : messagesBase(groupSlug);

  const waiting = [source && original, toId && !source && recipient, groupSlug && group].filter(
    (q): q is NonNullable<typeof original> => !!q,
  );
  const failed = waiting.find((q) => q.isError);

  let content;
  if (network.isPending || !session) content = <LoadingRow />;
  else if (!maySendMessages(network.data))
    content = <EmptyState title={t('composer.not_allowed_title')} text={t('composer.not_allowed_text')} />;
  else if (failed) content = <ErrorRow error={failed.error} kind={groupSlug && group.isError ? 'group' : 'page'} />;
  else if (waiting.some((q) => q.isPending)) content = <LoadingRow />;
  else {
    let initial: Draft = EMPTY_DRAFT;
    if (source && original.data) {
      initial = draftFrom(source.mode, original.data, session.member.id, {
        re: t('composer.re_prefix'),
        fwd: t('composer.fwd_prefix'),
        forward: {
          heading: t('composer.forwarded.heading'),
          from: t('composer.forwarded.from'),
          date: t('composer.forwarded.date'),
          subject: t('composer.forwarded.subject'),
          to: t('composer.forwarded.to'),
        },
      });
    } else if (recipient.data) {
      const member = recipient.data;
      initial = {
        ...EMPTY_DRAFT,
        to: [
          {
            id: member.id,
            displayName: member.displayName,
            images: { small: member.images.small },
            is_external: member.is_external,
          },
        ],
      };
    }
    if (group.data) {
      const option: DirectoryGroupOption = {
        type: 'group',
        id: group.data.id,
        slug: group.data.slug,
        name: group.data.name,
        category: { id: group.data.category_id, name: '' },
        chat_enabled: group.data.chat === 'enabled',
      };
      initial = { ...initial, groups: [option] };
    }
    content = (
      <Composer
        key={`${source?.mode ?? ''}:${source?.id ?? ''}:${toId ?? ''}:${groupSlug ?? ''}`}
        initial={initial}
        mayWriteToAll={!!network.data?.can.administrate}
      />
    );
  }

  return (
    <PageContainer size="md">
      <PageToolbar title={title} backTo={backTo} backLabel={t('composer.back')} />
      {content}
    </PageContainer>
  );
}
