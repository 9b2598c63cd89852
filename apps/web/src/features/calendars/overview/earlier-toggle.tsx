import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type EarlierToggleProps = {
  /** Whether the list shows the days of the month before today. */
  shown: boolean;
  /** How many appointments of the month were over before today. */
  count: number;
  onChange: (shown: boolean) => void;
};

/**
 * Above a list that starts at today: brings back the earlier days of the month, and hides them
 * again. It stays in place either way, so keyboard focus does not get lost.
 */
export function EarlierToggle({ shown, count, onChange }: EarlierToggleProps) {
  const { t } = useTranslation('calendars');
  if (!shown && count === 0) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      mb={6}
      leftSection={shown ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
      onClick={() => onChange(!shown)}
    >
      {shown ? t('overview.from_today') : t('overview.show_earlier', { count })}
    </Button>
  );
}
