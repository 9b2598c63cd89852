import { Button, type ButtonProps } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast.tsx';
import { useStartMeeting } from '../participation-api.ts';

/**
 * Starts the online meeting of an appointment's room (`POST .../start-meeting`) and opens it in
 * a new tab. Shown where the appointment's can.start_meeting says so (popup and detail).
 */
export function StartMeetingButton({ appointmentId, ...props }: { appointmentId: string } & ButtonProps) {
  const { t } = useTranslation('appointments');
  const start = useStartMeeting(appointmentId);
  const onClick = () => {
    // The tab is opened in the click itself, where popup blockers allow it; the address follows.
    const tab = window.open('', '_blank');
    start.mutate(undefined, {
      onSuccess: ({ join_url: url }) => {
        if (tab) {
          // The meeting's page gets no handle on this one.
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener,noreferrer');
        }
        showToast('appointments:meeting.started', { kind: 'success' });
      },
      onError: () => {
        tab?.close();
        showToast('generic_error', { kind: 'error' });
      },
    });
  };
  return (
    <Button
      variant="light"
      leftSection={<IconVideo size={16} aria-hidden />}
      loading={start.isPending}
      onClick={onClick}
      {...props}
    >
      {t('meeting.start')}
    </Button>
  );
}
