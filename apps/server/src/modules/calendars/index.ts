export { calendarRoutes } from './routes.ts';
export { createCalendarsService, type CalendarDestroyedListener, type CalendarsService } from './service.ts';
export type { NewCalendar } from './defaults.ts';
export type { CalendarAccess } from './access.ts';
export type { CalendarRow } from './repository.ts';
export { presentMemberRef } from './present.ts';
