import { ID_PATTERN, OCCURRENCE_ID_PATTERN } from '@agora/contracts';
import type { ThemeContextRef, ThemeContextResolver } from '../../app/registry.ts';
import { appointmentQuery } from './api.ts';

/** Only real ids are looked up: /appointments/new and the overview's paths have no appointment. */
export function isAppointmentId(id: string | undefined): id is string {
  return !!id && (ID_PATTERN.test(id) || OCCURRENCE_ID_PATTERN.test(id));
}

/** An appointment's page shows the design of the groups its calendars belong to. */
async function resolveAppointmentGroups(
  params: Record<string, string | undefined>,
  _search: URLSearchParams,
  queryClient: Parameters<ThemeContextResolver['resolve']>[2],
): Promise<ThemeContextRef[]> {
  const id = params.appointmentId;
  if (!isAppointmentId(id)) return [];
  // The page loads the same query: whichever asks first, the other uses its answer.
  const appointment = await queryClient.ensureQueryData(appointmentQuery(id));
  const slugs = new Set(appointment.calendars.map((calendar) => calendar.group_slug).filter((slug) => slug !== null));
  return [...slugs].map((slug) => ({ type: 'group', slug }));
}

export const APPOINTMENT_THEME_CONTEXTS: ThemeContextResolver[] = [
  { pattern: '/appointments/:appointmentId', resolve: resolveAppointmentGroups },
  { pattern: '/appointments/:appointmentId/edit', resolve: resolveAppointmentGroups },
];
