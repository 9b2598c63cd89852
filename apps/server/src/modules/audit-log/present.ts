import type { AuditEventType, AuditLogEntry, AuditLogMember } from '@agora/contracts';
import { memberImages, memberName, type MembershipRow } from '../members/index.ts';
import type { AuditLogRow } from './repository.ts';

export function presentAuditMember(m: MembershipRow): AuditLogMember {
  return {
    id: m.id,
    displayName: memberName(m),
    images: { small: memberImages(m).small },
    is_external: m.isExternal,
    path: `/members/${m.id}`,
  };
}

/**
 * An entry as it was written, with today's names of the members and the subject's path while
 * it still exists (`paths`: by subject type that can tell, the ids that exist with their path
 * or null).
 */
export function presentAuditEntry(
  row: AuditLogRow,
  members: Map<string, AuditLogMember>,
  paths: Map<string, Map<string, string | null>>,
): AuditLogEntry {
  return {
    id: row.id,
    created_at: row.occurredAt.toISOString(),
    event_type: row.eventType as AuditEventType,
    actor_id: row.actorId,
    actor: (row.actorId && members.get(row.actorId)) || null,
    membership_id: row.membershipId,
    membership: (row.membershipId && members.get(row.membershipId)) || null,
    subject: {
      type: row.subjectType,
      id: row.subjectId,
      title: row.subjectTitle,
      exists: row.subjectId ? (paths.get(row.subjectType)?.has(row.subjectId) ?? null) : null,
      path: (row.subjectId && paths.get(row.subjectType)?.get(row.subjectId)) || null,
    },
    details: row.details,
  };
}
