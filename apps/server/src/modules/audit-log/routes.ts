import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_DATE_OPTIONS,
  AUDIT_EVENT_TYPES,
  AUDIT_LOG_FILTER_MAX_LENGTH,
  AUDIT_LOG_PER_PAGE,
  decodeAuditLogFilter,
  type AuditLogPage,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import { isTimeZone } from './date-range.ts';
import type { AuditLogService } from './service.ts';

const query = z.object({
  filter: z.string().max(AUDIT_LOG_FILTER_MAX_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  time_zone: z.string().max(64).default('Europe/Berlin'),
});

const DESCRIPTION = `The network's audit log for network admins, newest first, ${AUDIT_LOG_PER_PAGE} entries a page.

\`filter\` is an encoded JSON object; every field may be left out:
- \`event_types\`: some of ${AUDIT_EVENT_TYPES.join(', ')};
- \`date_option\`: one of ${AUDIT_DATE_OPTIONS.join(', ')}. \`today\`, \`last_7_days\` and \`last_30_days\` count
  calendar days up to now, today included; \`custom\` takes \`start_date\` and \`end_date\` (YYYY-MM-DD, both
  days included, either may be left open). Without a date option, dates given mean \`custom\` and none mean \`all\`.
  Days are those of \`time_zone\` (an IANA name, default Europe/Berlin);
- \`actor_id\`: who acted; \`membership_id\`: whom the entry concerns.

A filter that is no JSON object answers 422 on \`filter\`, a wrong field 422 on that field.
\`filter_members\` names the members the filter refers to.`;

/** `GET /administration/audit_log(.json)` and `/api/v1/administration/audit_log`. Entries are only ever read here. */
export function auditLogRoutes(deps: { auditLog: AuditLogService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const url of ['/administration/audit_log', '/api/v1/administration/audit_log']) {
      r.get(
        url,
        {
          config: { auth: 'network_admin' },
          schema: { querystring: query, tags: ['administration'], description: DESCRIPTION },
        },
        async (request): Promise<AuditLogPage> => {
          const decoded = decodeAuditLogFilter(request.query.filter);
          if (!decoded.success) throw unprocessable(decoded.errors);
          const { time_zone: timeZone, page } = request.query;
          if (!isTimeZone(timeZone)) throw unprocessable({ time_zone: ['invalid'] });
          return deps.auditLog.page(request.actor!, decoded.filter, timeZone, page);
        },
      );
    }
  };
}
