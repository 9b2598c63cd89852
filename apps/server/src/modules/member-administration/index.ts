export { memberAdministrationRoutes } from './routes.ts';
export { createMemberAdministrationService, type MemberAdministrationService } from './service.ts';
export { ANONYMIZE_PROCESSOR, SESSIONS_END_PROCESSOR, WELCOME_MAIL_PROCESSOR } from './processors.ts';
export { formerMemberName, type Anonymizer } from './anonymize.ts';
