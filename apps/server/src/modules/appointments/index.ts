export { appointmentRoutes } from './routes.ts';
export { appointmentFeedRoutes } from './feed-routes.ts';
export { participationRoutes } from './participation/routes.ts';
export { organiserRoutes } from './organiser/routes.ts';
export { startMeetingRoutes } from './meeting-routes.ts';
export { createAppointmentsService, type AppointmentsDeps, type AppointmentsService } from './service.ts';
export type { SeedAppointment } from './seed.ts';
export type { SeedInvite } from './seed-participation.ts';
export { APPOINTMENT_OWNER } from './files.ts';
