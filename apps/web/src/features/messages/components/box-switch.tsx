import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageBox } from '../api.ts';
import { messagesBase } from '../lib/paths.ts';

/** Inbox or sent, within a group or network-wide: the same two lists side by side. */
export function BoxSwitch({ box, groupSlug }: { box: MessageBox; groupSlug: string | null }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const base = messagesBase(groupSlug);
  return (
    <SegmentedControl
      size="sm"
      value={box}
      onChange={(value) => void navigate(value === 'sent' ? `${base}/sent` : base)}
      data={[
        { value: 'inbox', label: t('inbox') },
        { value: 'sent', label: t('sent') },
      ]}
      aria-label={t('boxes')}
    />
  );
}
