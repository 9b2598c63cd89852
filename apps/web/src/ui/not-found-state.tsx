import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconHome, IconLock, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyState } from './empty-state.tsx';
import type { MissingReason } from './use-error-message.ts';

/**
 * What could not be shown, for the wording ("This appointment no longer exists ..."); `page`
 * where the caller does not say. Each has `common:missing.{reason}.{kind}` texts.
 */
export type MissingKind =
  | 'page'
  | 'appointment'
  | 'calendar'
  | 'group'
  | 'group_category'
  | 'member'
  | 'invite'
  | 'chat'
  | 'map'
  | 'mail'
  | 'legal_text'
  | 'administration';

type NotFoundStateProps = {
  kind?: MissingKind;
  /** Gone (404, 410: the default) or not allowed (403). */
  reason?: MissingReason;
  /** The title as a heading of this level, where the state is the whole page. */
  titleOrder?: 1 | 2 | 3;
};

/**
 * The one state for a thing one cannot see: what happened, and the ways on (back, the start
 * page). No "try again": asking once more would get the same answer.
 */
export function NotFoundState({ kind = 'page', reason = 'not_found', titleOrder }: NotFoundStateProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of a visit (a link in a mail) has nothing before it in the app.
  const canGoBack = location.key !== 'default';
  const key = (part: 'title' | 'text') => [`missing.${reason}.${kind}.${part}`, `missing.${reason}.page.${part}`];
  return (
    <EmptyState
      icon={reason === 'forbidden' ? <IconLock /> : <IconSearchOff />}
      title={t(key('title'))}
      text={t(key('text'))}
      titleOrder={titleOrder}
      data-testid={`missing-${reason}`}
      action={
        <Group justify="center" gap="sm" mt="xs">
          {canGoBack && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => void navigate(-1)}
            >
              {t('missing.back')}
            </Button>
          )}
          <Button component={Link} to="/" leftSection={<IconHome size={16} aria-hidden />}>
            {t('missing.home')}
          </Button>
        </Group>
      }
    />
  );
}
