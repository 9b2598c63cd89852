import { Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MemberFrame } from '../components/member-frame.tsx';

/**
 * `/administration/members/{id}/authentication/factors`: two-factor sign-in does not exist yet, so
 * no member has a factor and there is nothing to reset; the page says so.
 */
export function MemberFactorsPage() {
  const { t } = useTranslation('member-administration');
  return (
    <MemberFrame>
      {(member) => (
        <Stack gap="md">
          <Text c="dimmed">{t('factors.intro', { name: member.name })}</Text>
          <EmptyState
            icon={<IconShieldLock size={32} aria-hidden />}
            title={t('factors.empty')}
            text={t('factors.empty_text')}
            titleOrder={2}
          />
        </Stack>
      )}
    </MemberFrame>
  );
}
