import { GROUP_FIELD_DEFAULTS, groupFieldErrors, type GroupFields, type NewGroupForm } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import { abilities, allows, authorize, type Actor } from '../../platform/policy/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { groupCategoryPolicy } from './category-policy.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import type { createGroupsRepository, GroupCategoryRow, GroupRow } from './repository.ts';
import { uniqueSlug } from './slugs.ts';
import { GROUP_OWNER } from './storage-owner.ts';

/** What other modules give a new group (its calendar, say) starts from this event. */
export const GROUP_CREATED = 'group.created';
export const GROUP_UPDATED = 'group.updated';
export const GROUP_ARCHIVED = 'group.archived';
export const GROUP_UNARCHIVED = 'group.unarchived';
/** What a deleted group leaves behind (its calendars, its chat) is decided from this event. */
export const GROUP_DESTROYED = 'group.destroyed';

/** Slugs the group routes use as words (`/groups/new/...`). */
const RESERVED_SLUGS = ['new'];

export type LifecycleDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  repository: ReturnType<typeof createGroupsRepository>;
  /** Absent in callers that never upload (seeds): a profile image is then refused. */
  storage?: Pick<Storage, 'attach'>;
  recordCreated: (tx: Db, actor: Actor | null, groups: GroupRow[]) => Promise<void>;
};

/** The group's fields as the columns store them; the description sanitized. */
function columnsOf(fields: GroupFields) {
  return {
    name: fields.name,
    access: fields.access,
    moderatedJoin: fields.access === 'hidden' ? false : fields.moderated_join,
    membersCanInvite: fields.members_can_invite,
    invitesRestricted: fields.invites_restricted,
    chatEnabled: fields.chat === 'enabled',
    sensitive: fields.sensitive,
    activeMainGroup: fields.active_main_group,
    externallyVisible: fields.externally_visible,
    profileImageId: fields.profile_image,
    teaser: fields.teaser,
    description: sanitizeHtml(fields.description),
  };
}

/** Creating, editing, archiving and deleting groups. */
export function createGroupLifecycle(deps: LifecycleDeps) {
  const { repository, events } = deps;

  async function categorySubject(actor: Actor, category: GroupCategoryRow) {
    const categoryAdmin = actor.isNetworkAdmin
      ? false
      : (await repository.categoryAdminOf(actor.membershipId, [category.id])).has(category.id);
    return { category, categoryAdmin, administratesAGroup: false };
  }

  async function attachImage(tx: Db, actor: Actor, group: GroupRow, imageId: string | null) {
    if (!imageId || imageId === group.profileImageId) return;
    if (!deps.storage) throw unprocessable({ profile_image: ['invalid'] });
    await deps.storage.attach(
      actor,
      [imageId],
      { type: GROUP_OWNER, id: group.id },
      { db: tx, field: 'profile_image', directory: 'images' },
    );
  }

  /** Runs a write that makes a slug, once more should another request take the same slug meanwhile. */
  async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return write();
    }
  }

  return {
    /** `GET /api/v1/groups/new?group_category_slug=`: 404 for no such category, 403 for who may not create in it. */
    async newForm(actor: Actor, categorySlug: string): Promise<NewGroupForm> {
      const category = await repository.categoryBySlug(actor.networkId, categorySlug);
      if (!category) throw notFound();
      const subject = await categorySubject(actor, category);
      authorize(groupCategoryPolicy, 'create', actor, subject);
      const can = abilities(groupCategoryPolicy, actor, subject);
      return {
        group: { ...GROUP_FIELD_DEFAULTS, group_category_id: category.id },
        group_category: { id: category.id, slug: category.slug, name: category.name, plural_name: category.pluralName },
        can: { create: can.create, create_hidden: can.create_hidden, update: true },
      };
    },

    /** `POST /groups`: the creator becomes the group's admin; records group.created. */
    async create(actor: Actor, fields: GroupFields): Promise<GroupSubject> {
      if (!fields.group_category_id) throw unprocessable({ group_category_id: ['required'] });
      const category = await repository.categoryById(actor.networkId, fields.group_category_id);
      if (!category) throw unprocessable({ group_category_id: ['invalid'] });
      const subject = await categorySubject(actor, category);
      authorize(groupCategoryPolicy, 'create', actor, subject);
      const canCreateHidden = allows(groupCategoryPolicy, 'create_hidden', actor, subject);
      const errors = groupFieldErrors(fields, { canCreateHidden });
      if (Object.keys(errors).length > 0) throw unprocessable(errors);

      const group = await withSlugRetry(() =>
        events.transaction(async (tx) => {
          const taken = await repository.slugsLike('groups', actor.networkId, slugBase(fields.name), tx);
          const slug = uniqueSlug(fields.name, taken, { fallback: 'group', reserved: RESERVED_SLUGS });
          const [created] = await repository.insertGroups(
            [
              {
                ...columnsOf(fields),
                profileImageId: null,
                networkId: actor.networkId,
                groupCategoryId: category.id,
                slug,
              },
            ],
            tx,
          );
          let row = created!;
          if (row.activeMainGroup) await repository.clearMainGroup(category.id, row.id, tx);
          await repository.insertMemberships(
            [{ networkId: actor.networkId, groupId: row.id, membershipId: actor.membershipId, role: 'admin' }],
            tx,
          );
          if (fields.profile_image) {
            await attachImage(tx, actor, row, fields.profile_image);
            row = await repository.updateGroup(row.id, { profileImageId: fields.profile_image }, tx);
          }
          await deps.recordCreated(tx, actor, [row]);
          return row;
        }),
      );
      return { group, role: 'admin', categoryAdmin: subject.categoryAdmin };
    },

    /** `PUT /groups/{slug}`: the slug stays, so that links to the group keep working. */
    async update(actor: Actor, subject: GroupSubject, fields: GroupFields): Promise<GroupSubject> {
      authorize(groupPolicy, 'update', actor, subject);
      const { group } = subject;
      let categoryId = group.groupCategoryId;
      if (fields.group_category_id && fields.group_category_id !== group.groupCategoryId) {
        // Moving a group is creating it in the other category, as far as rights go.
        const target = await repository.categoryById(actor.networkId, fields.group_category_id);
        if (!target || !allows(groupCategoryPolicy, 'create', actor, await categorySubject(actor, target)))
          throw unprocessable({ group_category_id: ['invalid'] });
        categoryId = target.id;
      }
      const canCreateHidden = allows(groupPolicy, 'create_hidden', actor, subject);
      const errors = groupFieldErrors(fields, { canCreateHidden, wasHidden: group.access === 'hidden' });
      if (Object.keys(errors).length > 0) throw unprocessable(errors);

      const saved = await events.transaction(async (tx) => {
        await attachImage(tx, actor, group, fields.profile_image);
        const row = await repository.updateGroup(group.id, { ...columnsOf(fields), groupCategoryId: categoryId }, tx);
        if (row.activeMainGroup) await repository.clearMainGroup(categoryId, row.id, tx);
        await events.record(tx, {
          networkId: actor.networkId,
          type: GROUP_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'group', id: row.id },
          context: { type: 'group_category', id: row.groupCategoryId },
          changes: changedFields(group, row),
        });
        return row;
      });
      return { ...subject, group: saved };
    },

    /** `PUT` (true) and `DELETE` (false) `/groups/{slug}/archive`; the same state again changes nothing. */
    async setArchived(actor: Actor, subject: GroupSubject, archived: boolean): Promise<GroupSubject> {
      authorize(groupPolicy, 'archive', actor, subject);
      if (subject.group.archived === archived) return subject;
      const saved = await events.transaction(async (tx) => {
        const row = await repository.updateGroup(subject.group.id, { archived }, tx);
        await events.record(tx, {
          networkId: actor.networkId,
          type: archived ? GROUP_ARCHIVED : GROUP_UNARCHIVED,
          actorId: actor.membershipId,
          subject: { type: 'group', id: row.id },
          context: { type: 'group_category', id: row.groupCategoryId },
          changes: { name: row.name, slug: row.slug },
        });
        return row;
      });
      return { ...subject, group: saved };
    },

    /** `DELETE /groups/{slug}`: memberships and join requests go with the group; other modules act on group.destroyed. */
    async destroy(actor: Actor, subject: GroupSubject): Promise<void> {
      authorize(groupPolicy, 'destroy', actor, subject);
      const { group } = subject;
      await events.transaction(async (tx) => {
        await repository.deleteGroup(group.id, tx);
        await events.record(tx, {
          networkId: actor.networkId,
          type: GROUP_DESTROYED,
          actorId: actor.membershipId,
          subject: { type: 'group', id: group.id },
          context: { type: 'group_category', id: group.groupCategoryId },
          changes: { name: group.name, slug: group.slug },
        });
      });
    },
  };
}

/** The slug a name starts from (without a suffix): what taken slugs are looked up by. */
function slugBase(name: string) {
  return uniqueSlug(name, new Set(), { fallback: 'group' });
}

const TRACKED: Array<keyof GroupRow> = [
  'name',
  'groupCategoryId',
  'access',
  'moderatedJoin',
  'membersCanInvite',
  'invitesRestricted',
  'chatEnabled',
  'sensitive',
  'activeMainGroup',
  'externallyVisible',
  'profileImageId',
  'teaser',
  'description',
];

/** The name and slug, and which fields changed (for whoever reads the event: the audit log, a stream). */
function changedFields(before: GroupRow, after: GroupRow) {
  return {
    name: after.name,
    slug: after.slug,
    fields: TRACKED.filter((key) => before[key] !== after[key]),
  };
}
