export { createRegistrationsService, type RegistrationsService } from './service.ts';
export { REGISTRATION_EVENTS } from './events.ts';
