import { Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { settingsQuery } from '../../administration/index.ts';
import { useResetMemberFactors } from '../api.ts';
import { MemberFrame } from '../components/member-frame.tsx';

const NS = 'member-administration';

/**
 * `/administration/members/{id}/authentication/factors`: resetting a member's two-factor
 * authentication (asked first), where the network has two-factor at all.
 */
export function MemberFactorsPage() {
  const { t } = useTranslation(NS);
  const settings = useQuery(settingsQuery);
  const reset = useResetMemberFactors();
  return (
    <MemberFrame>
      {(member) => {
        const name = member.name;
        const resetFactors = async () => {
          const confirmed = await confirm({
            title: t('factors.reset_title', { name }),
            message: t('factors.reset_message', { name }),
            confirmLabel: t('factors.reset'),
            danger: true,
          });
          if (!confirmed) return;
          reset.mutate(member.id, {
            onSuccess: () => showToast(t('factors.reset_done', { name }), { kind: 'success' }),
            onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
          });
        };
        if (settings.isPending) return <LoadingRow />;
        const disabled = (settings.data?.settings.two_factor ?? 'disabled') === 'disabled';
        return (
          <Stack gap="md">
            <Text c="dimmed">{t('factors.intro', { name })}</Text>
            {disabled ? (
              <Text>{t('factors.disabled')}</Text>
            ) : (
              <>
                <Text>{t('factors.reset_text', { name })}</Text>
                <Group>
                  <Button
                    color="red"
                    variant="outline"
                    leftSection={<IconShieldLock size={16} aria-hidden />}
                    loading={reset.isPending}
                    onClick={() => void resetFactors()}
                  >
                    {t('factors.reset')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        );
      }}
    </MemberFrame>
  );
}
