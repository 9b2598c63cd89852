export { auditLogRoutes } from './routes.ts';
export {
  createAuditLogService,
  type AuditLogDeps,
  type AuditLogService,
  type AuditSubjectResolver,
} from './service.ts';
export { AUDIT_LOG_PROCESSOR, AUDITED_EVENT_TYPES } from './processors.ts';
