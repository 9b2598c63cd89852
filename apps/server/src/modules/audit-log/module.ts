import { AUDIT_EVENT_TYPES } from '@agora/contracts';
import { defineModule } from '../../platform/loader/index.ts';
import type { MembersService } from '../members/index.ts';
import { auditLogRoutes } from './routes.ts';
import { createAuditLogService } from './service.ts';

/** The audit log: one entry per audited event, read by network admins. */
export const auditLogModule = defineModule({
  name: 'auditLog',
  needs: ['members'],
  create: (platform, { members }: { members: MembersService }) =>
    createAuditLogService({ db: platform.db, members, storage: platform.storage }),
  routes: (auditLog) => [auditLogRoutes({ auditLog })],
  processors: (auditLog) => [auditLog.processor],
  auditTypes: AUDIT_EVENT_TYPES,
});
