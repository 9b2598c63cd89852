import { useTranslation } from 'react-i18next';
import type { ApplyTo, Appointment } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { isOccurrence, isSeries } from '../lib/participation.ts';
import { useCancelAppointment, useLockParticipation } from '../participation-api.ts';
import { askApplyTo } from './apply-to-dialog.tsx';

/**
 * Cancels after asking: "this occurrence or the whole series" for an occurrence, a confirmation
 * otherwise. The page stays; the canceled banner shows once the answer is in.
 */
export function useCancelFlow(appointment: Appointment) {
  const { t } = useTranslation('appointments');
  const cancel = useCancelAppointment(appointment.id);
  const run = async () => {
    let applyTo: ApplyTo | undefined;
    if (isOccurrence(appointment)) {
      const choice = await askApplyTo('cancel_appointment');
      if (!choice) return;
      applyTo = choice;
    } else {
      const confirmed = await confirm({
        title: t('cancel_request.title'),
        message: t(isSeries(appointment) ? 'cancel_request.message_series' : 'cancel_request.message', {
          name: appointment.name,
        }),
        confirmLabel: t('cancel_request.confirm'),
        cancelLabel: t('cancel_request.keep'),
        danger: true,
      });
      if (!confirmed) return;
    }
    cancel.mutate(applyTo, {
      onSuccess: () => showToast('appointments:cancel_request.success', { kind: 'success' }),
      onError: () => showToast('appointments:cancel_request.failure', { kind: 'error' }),
    });
  };
  return { run, pending: cancel.isPending };
}

/** Locks or unlocks participation (not offered for a whole series, spec section 4). */
export function useLockFlow(appointment: Appointment) {
  const lock = useLockParticipation(appointment.id);
  const locked = appointment.attendee_configuration.participation_locked;
  const run = () =>
    lock.mutate(!locked, {
      onSuccess: () =>
        showToast(locked ? 'appointments:lock.unlocked' : 'appointments:lock.locked', { kind: 'success' }),
      onError: () => showToast('appointments:lock.failure', { kind: 'error' }),
    });
  return { run, locked, offered: appointment.can.update && !isSeries(appointment), pending: lock.isPending };
}
