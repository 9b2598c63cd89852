import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberAdminItem } from '@agora/contracts';

/** Locked, external and administrator, each where it applies. */
export function MemberBadges({
  member,
}: {
  member: Pick<MemberAdminItem, 'locked' | 'is_external' | 'network_admin'>;
}) {
  const { t } = useTranslation('member-administration');
  return (
    <Group gap={4}>
      {member.locked && (
        <Badge color="red" variant="dot" tt="none">
          {t('badges.locked')}
        </Badge>
      )}
      {member.is_external && (
        <Badge color="orange" variant="dot" tt="none">
          {t('badges.external')}
        </Badge>
      )}
      {member.network_admin && (
        <Badge color="blue" variant="dot" tt="none">
          {t('badges.admin')}
        </Badge>
      )}
    </Group>
  );
}
