import { NotFoundState, type MissingKind } from '../ui/not-found-state.tsx';
import type { MissingReason } from '../ui/use-error-message.ts';
import { PageContainer } from './shell/page-container.tsx';
import { usePageTitle } from './shell/page-title.ts';
import { useTranslation } from 'react-i18next';

type NotFoundPageProps = { kind?: MissingKind; reason?: MissingReason };

/** A page for what is not there or not for this member: an unknown address, a deleted appointment, a closed area. */
export function NotFoundPage({ kind = 'page', reason = 'not_found' }: NotFoundPageProps) {
  const { t } = useTranslation('common');
  usePageTitle(t([`missing.${reason}.${kind}.title`, `missing.${reason}.page.title`]));
  return (
    <PageContainer>
      <NotFoundState kind={kind} reason={reason} titleOrder={1} />
    </PageContainer>
  );
}
