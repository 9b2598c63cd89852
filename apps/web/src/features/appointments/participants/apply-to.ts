import type { ApplyTo, Appointment } from '@agora/contracts';
import { askApplyTo } from '../components/apply-to-dialog.tsx';
import { isOccurrence } from '../lib/participation.ts';

/**
 * Before a participant change: on an occurrence of a series, what it applies to (go false when
 * the member cancels the dialog); on anything else, nothing to ask.
 */
export async function chooseApplyTo(
  appointment: Pick<Appointment, 'id' | 'type'>,
): Promise<{ go: false } | { go: true; applyTo: ApplyTo | undefined }> {
  if (!isOccurrence(appointment)) return { go: true, applyTo: undefined };
  const choice = await askApplyTo('save');
  return choice ? { go: true, applyTo: choice } : { go: false };
}
