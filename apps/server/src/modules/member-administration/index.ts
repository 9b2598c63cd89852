export { memberAdministrationRoutes } from './routes.ts';
export { createMemberAdministrationService, type MemberAdministrationService } from './service.ts';
export { SESSIONS_END_PROCESSOR, WELCOME_MAIL_PROCESSOR } from './processors.ts';
