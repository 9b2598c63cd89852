export { calendarRoutes } from './routes.ts';
export { CALENDAR_DESTROYED, createCalendarsService, type CalendarsService } from './service.ts';
export { calendarProcessors } from './processors.ts';
export type { NewCalendar } from './defaults.ts';
export type { CalendarAccess } from './access.ts';
export type { CalendarRow } from './repository.ts';
export { presentMemberRef } from './present.ts';
