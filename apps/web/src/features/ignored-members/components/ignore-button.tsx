import { Button } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useIgnoredIds, useSetIgnored } from '../api.ts';

/**
 * "Ignore" (where `can.ignore` allows it) / "Stop ignoring" (always, for one ignored before they
 * became an administrator too) for a member's profile, each after a confirmation.
 */
export function IgnoreButton({ member }: { member: { id: string; displayName: string; can: { ignore: boolean } } }) {
  const { t } = useTranslation('ignored-members');
  const ids = useIgnoredIds();
  const setIgnored = useSetIgnored();
  if (!ids) return null;
  const ignored = ids.has(member.id);
  if (!ignored && !member.can.ignore) return null;
  const name = member.displayName;

  const toggle = async () => {
    const confirmed = await confirm({
      title: t(ignored ? 'stop_confirm_title' : 'ignore_confirm_title', { name }),
      message: t(ignored ? 'stop_confirm' : 'ignore_confirm', { name }),
      confirmLabel: t(ignored ? 'stop' : 'ignore'),
      danger: !ignored,
    });
    if (!confirmed) return;
    setIgnored.mutate(
      { id: member.id, ignored: !ignored },
      {
        onSuccess: () => showToast(t(ignored ? 'stopped' : 'ignored', { name })),
        onError: (error) => showToast(errorMessage(error, 'ignored-members'), { kind: 'error' }),
      },
    );
  };

  return (
    <Button
      variant="default"
      leftSection={ignored ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
      loading={setIgnored.isPending}
      onClick={() => void toggle()}
      style={{ flex: 'none' }}
    >
      {t(ignored ? 'stop' : 'ignore')}
    </Button>
  );
}
