import type { AppointmentListItem } from '@agora/contracts';

/** A recurring series' occurrence or a virtual appointment (calendars spec, section 2). */
export function isRecurring(item: AppointmentListItem): boolean {
  return (
    item.recurring ||
    item.id.startsWith('r-') ||
    item.type === 'recurring_appointment' ||
    item.type === 'virtual_appointment'
  );
}

export function appointmentPath(item: Pick<AppointmentListItem, 'id' | 'path'>): string {
  return item.path || `/appointments/${encodeURIComponent(item.id)}`;
}
