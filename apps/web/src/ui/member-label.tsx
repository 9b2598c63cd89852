import { Avatar, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberOption } from '@agora/contracts';

/** A member in a picker: small image (initials without one), name, and a badge for guests. */
export function MemberLabel({ member, size = 'sm' }: { member: MemberOption; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('ui');
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Avatar
        src={member.images.small}
        name={member.displayName}
        alt=""
        aria-hidden
        size={size === 'xs' ? 18 : 26}
        radius="xl"
      />
      <Text size={size} truncate>
        {member.displayName}
      </Text>
      {member.is_external && (
        <Badge size="xs" variant="dot" color="orange" style={{ flexShrink: 0 }}>
          {t('member_select.guest')}
        </Badge>
      )}
    </Group>
  );
}
