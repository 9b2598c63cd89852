import type { AuditEventType } from '@agora/contracts';
import type { Processor, StoredEvent } from '../../platform/events/index.ts';
import { UPLOAD_PUBLISHED, UPLOAD_REMOVED, type UploadEventChanges } from '../../platform/storage/index.ts';
import { FILE_EVENTS } from '../files/index.ts';
import { GROUP_MEMBERSHIP_EVENTS, type GroupMembershipEventChanges } from '../groups/index.ts';
import { MEMBERSHIP_DESTROYED, type MembershipDestroyedChanges } from '../members/index.ts';
import { NETWORK_DESIGN_UPDATED, NETWORK_SETTINGS_UPDATED, type SettingsEventChanges } from '../networks/index.ts';
import type { AuditLogRepository, NewAuditLogRow } from './repository.ts';

export const AUDIT_LOG_PROCESSOR = 'audit-log';

/** The subject types of the entries, as the presenter resolves them. */
export const AUDIT_SUBJECTS = {
  upload: 'upload',
  design: 'design',
  settings: 'settings',
  group: 'group',
  membership: 'membership',
} as const;

type Mapping = (event: StoredEvent) => Omit<NewAuditLogRow, 'networkId' | 'actorId' | 'sourceEventId' | 'occurredAt'>;

function fileEntry(eventType: AuditEventType): Mapping {
  return (event) => {
    const changes = event.changes as UploadEventChanges;
    return {
      eventType,
      membershipId: changes.uploader_id ?? null,
      subjectType: AUDIT_SUBJECTS.upload,
      subjectId: event.subject.id,
      subjectTitle: changes.name ?? '',
      details: {
        directory: changes.directory,
        content_type: changes.content_type,
        size: changes.size,
        owner: changes.owner ?? null,
      },
    };
  };
}

function settingsEntry(subjectType: string, area: string): Mapping {
  return (event) => {
    const changes = event.changes as SettingsEventChanges;
    return {
      eventType: 'PolicySettingUpdate',
      membershipId: null,
      subjectType,
      subjectId: event.subject.id,
      subjectTitle: changes.network_name ?? '',
      details: { area, changes: changes.changes ?? [] },
    };
  };
}

/** A change of a group's membership: whom it concerns, in which group (named as it was). */
function groupMembershipEntry(eventType: AuditEventType): Mapping {
  return (event) => {
    const changes = event.changes as GroupMembershipEventChanges;
    return {
      eventType,
      membershipId: changes.membership_id ?? null,
      subjectType: AUDIT_SUBJECTS.group,
      subjectId: event.subject.id,
      subjectTitle: changes.name ?? '',
      details: {
        ...(changes.via ? { via: changes.via } : {}),
        ...(changes.by_admin !== undefined ? { by_admin: changes.by_admin } : {}),
      },
    };
  };
}

/** A member deleted by an administrator, under the name they have now (the deleted one). */
const membershipDestroyEntry: Mapping = (event) => {
  const changes = event.changes as MembershipDestroyedChanges;
  return {
    eventType: 'MembershipDestroy',
    membershipId: event.subject.id,
    subjectType: AUDIT_SUBJECTS.membership,
    subjectId: event.subject.id,
    subjectTitle: changes.name ?? '',
    details: {},
  };
};

/** A file moved between folders (a file's bytes are its upload: the same subject as its publishing). */
const fileMoveEntry: Mapping = (event) => {
  const changes = event.changes as { name?: string; from_folder_ids?: string[]; to_folder_ids?: string[] };
  return {
    eventType: 'FileMove',
    membershipId: null,
    subjectType: AUDIT_SUBJECTS.upload,
    subjectId: event.subject.id,
    subjectTitle: changes.name ?? '',
    details: { from_folder_ids: changes.from_folder_ids ?? [], to_folder_ids: changes.to_folder_ids ?? [] },
  };
};

/** Which domain events become which audit entries (administration spec, section 9). */
const MAPPINGS: Record<string, Mapping> = {
  [UPLOAD_PUBLISHED]: fileEntry('FilePublish'),
  [UPLOAD_REMOVED]: fileEntry('FileDestroy'),
  [NETWORK_SETTINGS_UPDATED]: settingsEntry(AUDIT_SUBJECTS.settings, 'settings'),
  [NETWORK_DESIGN_UPDATED]: settingsEntry(AUDIT_SUBJECTS.design, 'design'),
  [GROUP_MEMBERSHIP_EVENTS.joined]: groupMembershipEntry('GroupJoin'),
  [GROUP_MEMBERSHIP_EVENTS.left]: groupMembershipEntry('GroupLeave'),
  [GROUP_MEMBERSHIP_EVENTS.adminAppointed]: groupMembershipEntry('GroupAdminPermissionCreate'),
  [GROUP_MEMBERSHIP_EVENTS.adminRemoved]: groupMembershipEntry('GroupAdminPermissionDestroy'),
  [MEMBERSHIP_DESTROYED]: membershipDestroyEntry,
  [FILE_EVENTS.moved]: fileMoveEntry,
};

/** The domain event types the audit log records. */
export const AUDITED_EVENT_TYPES = Object.keys(MAPPINGS);

/**
 * Writes one audit entry per event, as the event says it happened (time, actor, names), in the
 * processor's transaction; a repeated delivery finds the entry written and adds none.
 */
export function auditLogProcessor(repository: AuditLogRepository): Processor {
  return {
    name: AUDIT_LOG_PROCESSOR,
    types: AUDITED_EVENT_TYPES,
    async handle(event, { transaction }) {
      const map = MAPPINGS[event.type];
      if (!map) return;
      const row: NewAuditLogRow = {
        ...map(event),
        networkId: event.networkId,
        actorId: event.actorId,
        sourceEventId: event.id,
        occurredAt: event.createdAt,
      };
      await transaction((tx) => repository.insert(tx, [row]));
    },
  };
}
