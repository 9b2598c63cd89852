import { AUDIT_LOG_PER_PAGE, type AuditLogFilter, type AuditLogMember, type AuditLogPage } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { NETWORK_OWNER, type StoredObjectRow } from '../../platform/storage/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import { auditDateRange } from './date-range.ts';
import { presentAuditEntry, presentAuditMember } from './present.ts';
import { AUDIT_SUBJECTS, auditLogProcessor } from './processors.ts';
import { createAuditLogRepository } from './repository.ts';

/** Of some subjects of one type, those that still exist, each with its page's path (or null: no page). */
export type AuditSubjectResolver = (networkId: string, ids: string[]) => Promise<Map<string, string | null>>;

export type AuditLogDeps = {
  db: Db;
  members: Pick<MembersService, 'findMany'>;
  /** The uploads still live, for the paths of file entries. */
  storage: { live(networkId: string, ids: string[]): Promise<StoredObjectRow[]> };
};

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** Where an upload is shown, by the type of its owner: the page of what holds it. */
const OWNER_PATHS: Record<string, (ownerId: string) => string> = {
  [NETWORK_OWNER]: () => '/administration/designs',
  appointment: (id) => `/appointments/${id}`,
};

export function createAuditLogService(deps: AuditLogDeps) {
  const repository = createAuditLogRepository(deps.db);
  const resolvers = new Map<string, AuditSubjectResolver>();

  const register = (type: string, resolver: AuditSubjectResolver) => {
    if (resolvers.has(type)) throw new Error(`The audit subject ${type} is registered already`);
    resolvers.set(type, resolver);
  };

  register(
    AUDIT_SUBJECTS.design,
    async (networkId, ids) =>
      new Map(ids.filter((id) => id === networkId).map((id) => [id, '/administration/designs'])),
  );
  register(
    AUDIT_SUBJECTS.settings,
    async (networkId, ids) => new Map(ids.filter((id) => id === networkId).map((id) => [id, null])),
  );
  register(AUDIT_SUBJECTS.upload, async (networkId, ids) => {
    const live = await deps.storage.live(networkId, ids);
    return new Map(
      live.map((row) => {
        const path = row.ownerType && row.ownerId ? OWNER_PATHS[row.ownerType]?.(row.ownerId) : undefined;
        return [row.id, path ?? null];
      }),
    );
  });

  /** Which subjects still exist: one query per subject type on the page, never one per entry. */
  async function existing(networkId: string, subjects: Array<{ type: string; id: string | null }>) {
    const byType = new Map<string, Set<string>>();
    for (const { type, id } of subjects) {
      if (!id || !resolvers.has(type)) continue;
      let ids = byType.get(type);
      if (!ids) byType.set(type, (ids = new Set()));
      ids.add(id);
    }
    const answers = await Promise.all(
      [...byType].map(async ([type, ids]) => [type, await resolvers.get(type)!(networkId, [...ids])] as const),
    );
    // A resolver answers for every id asked: the ones it leaves out are gone.
    return new Map(answers);
  }

  return {
    /** Turns domain events into entries; registered with the events platform. */
    processor: auditLogProcessor(repository),

    /** Lets a module say which of its objects still exist and where they are shown. */
    registerSubject: register,

    /** One page of the network's audit log, newest first. */
    async page(actor: Actor, filter: AuditLogFilter, timeZone: string, page: number): Promise<AuditLogPage> {
      const networkId = actor.networkId;
      const { from, to } = auditDateRange(filter, timeZone);
      const { rows, total } = await repository.page(
        {
          networkId,
          eventTypes: filter.event_types,
          from,
          to,
          actorId: filter.actor_id ?? undefined,
          membershipId: filter.membership_id ?? undefined,
        },
        page,
        AUDIT_LOG_PER_PAGE,
      );
      const filterIds = [filter.actor_id, filter.membership_id].filter((id): id is string => !!id);
      const memberIds = new Set([
        ...filterIds,
        ...rows.flatMap((row) => [row.actorId, row.membershipId]).filter((id): id is string => !!id),
      ]);
      const [memberRows, paths] = await Promise.all([
        deps.members.findMany(networkId, [...memberIds]),
        existing(
          networkId,
          rows.map((row) => ({ type: row.subjectType, id: row.subjectId })),
        ),
      ]);
      const members = new Map<string, AuditLogMember>(memberRows.map((m) => [m.id, presentAuditMember(m)]));
      return {
        entries: rows.map((row) => presentAuditEntry(row, members, paths)),
        total,
        page,
        per: AUDIT_LOG_PER_PAGE,
        filter_members: [...new Set(filterIds)].flatMap((id) => members.get(id) ?? []),
      };
    },
  };
}
