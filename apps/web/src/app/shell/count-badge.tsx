import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeLabel } from '@agora/contracts';

/** A counter: 99+ above 99, "new" for -1, nothing for 0. */
export function CountBadge({ count, ...props }: { count: number } & Omit<BadgeProps, 'children'>) {
  const { t } = useTranslation('shell');
  const label = badgeLabel(count, t('badge_new'));
  if (!label) return null;
  return (
    <Badge size="sm" circle={label.length === 1} color="red.9" variant="filled" {...props}>
      {label}
    </Badge>
  );
}
