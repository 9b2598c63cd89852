export { appointmentRoutes } from './routes.ts';
export { appointmentFeedRoutes } from './feed-routes.ts';
export { createAppointmentsService, type AppointmentsDeps, type AppointmentsService } from './service.ts';
export type { SeedAppointment } from './seed.ts';
export { APPOINTMENT_OWNER } from './files.ts';
