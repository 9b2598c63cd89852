import {
  idSchema,
  propertyDisplayValue,
  validatePropertyValues,
  type ChangeRequest,
  type ChangeRequestForm,
  type ChangeRequestPage,
  type changeRequestInputSchema,
  type changeRequestListQuerySchema,
  type Property,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { memberImages, memberName, type MembersService, type MembershipRow } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import { createChangeRequestsRepository, type ChangeRequestRow } from './repository.ts';

export const CHANGE_REQUEST_CREATED = 'profile_change_request.created';
export const CHANGE_REQUEST_ACCEPTED = 'profile_change_request.accepted';
export const CHANGE_REQUEST_REJECTED = 'profile_change_request.rejected';

/** What the decision events carry for their notification. */
export type ChangeRequestDecidedChanges = { membership_id: string; author_id: string };

export type ChangeRequestsDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  members: MembersService;
  networks: Pick<NetworksService, 'get' | 'settings' | 'configOf'>;
  profileEdit: Pick<ProfileEditService, 'profileProperties' | 'applyRequestedValues'>;
};

export type ChangeRequestsService = ReturnType<typeof createChangeRequestsService>;

/** Uploads are not requested: a request names values an administrator can read and apply as they are. */
const REQUESTABLE = (p: Property) => p.type !== 'image' && p.type !== 'file';

export function createChangeRequestsService(deps: ChangeRequestsDeps) {
  const repository = createChangeRequestsRepository(deps.db);
  const { members, networks } = deps;

  /** The network's change-request properties; 403 unless the operator enables change requests. */
  async function requestable(networkId: string) {
    const network = await networks.get(networkId);
    if (!network) throw notFound();
    const config = await networks.configOf(networkId);
    if (!config.change_requests_enabled) throw forbidden('change_requests_disabled');
    const settings = networks.settings(network);
    const fields = new Set(settings.change_request_profile_fields);
    const all = await deps.profileEdit.profileProperties(networkId);
    return { settings, all, properties: all.filter((p) => fields.has(p.name) && REQUESTABLE(p)) };
  }

  /** Whose profile: the member themself; guests ask only for their own. */
  async function subjectOf(actor: Actor, rawId: string | undefined, showLocked: boolean): Promise<MembershipRow> {
    const membership = await members.loadForActor(actor, rawId ?? actor.membershipId, showLocked);
    if (membership.id !== actor.membershipId && (actor.isExternal || membership.kind !== 'member')) throw forbidden();
    return membership;
  }

  function present(
    actor: Actor,
    row: ChangeRequestRow,
    properties: Property[],
    people: Map<string, MembershipRow>,
  ): ChangeRequest {
    const member = people.get(row.membershipId);
    const author = people.get(row.authorId);
    const byName = new Map(properties.map((p) => [p.name, p]));
    const open = row.status === 'open' && actor.isNetworkAdmin;
    return {
      id: row.id,
      status: row.status,
      member: {
        id: row.membershipId,
        displayName: member ? memberName(member) : '',
        path: `/members/${row.membershipId}`,
        images: member ? memberImages(member) : { small: null, medium: null, large: null },
      },
      author: { id: row.authorId, displayName: author ? memberName(author) : '', path: `/members/${row.authorId}` },
      comment: row.comment,
      changes: Object.entries(row.values).map(([name, requested]) => {
        const property = byName.get(name);
        const current = member?.profile[name] ?? null;
        const display = (value: unknown) =>
          property ? propertyDisplayValue(property, value) : typeof value === 'string' ? value : null;
        return {
          name,
          label: property?.label ?? name,
          current,
          current_display: display(current),
          requested,
          requested_display: display(requested),
        };
      }),
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
      can: { accept: open, reject: open },
    };
  }

  async function presentMany(actor: Actor, rows: ChangeRequestRow[], properties: Property[]) {
    const ids = [...new Set(rows.flatMap((r) => [r.membershipId, r.authorId]))];
    const people = new Map((await members.findMany(actor.networkId, ids)).map((m) => [m.id, m]));
    return rows.map((row) => present(actor, row, properties, people));
  }

  async function decide(actor: Actor, rawId: string, status: 'accepted' | 'rejected'): Promise<ChangeRequest> {
    if (!actor.isNetworkAdmin) throw forbidden();
    const { all } = await requestable(actor.networkId);
    const id = idSchema.safeParse(rawId);
    if (!id.success) throw notFound();
    const decided = await deps.events.transaction(async (tx: Db) => {
      const row = await repository.lock(tx, actor.networkId, id.data);
      if (!row) throw notFound();
      if (row.status !== 'open') throw unprocessable({ base: ['already_decided'] });
      // The values are checked again: the properties may have changed since the request.
      if (status === 'accepted') await deps.profileEdit.applyRequestedValues(tx, actor, row.membershipId, row.values);
      const updated = await repository.decide(tx, row.id, status, actor.membershipId);
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: status === 'accepted' ? CHANGE_REQUEST_ACCEPTED : CHANGE_REQUEST_REJECTED,
        actorId: actor.membershipId,
        subject: { type: 'profile_change_request', id: row.id },
        changes: { membership_id: row.membershipId, author_id: row.authorId } satisfies ChangeRequestDecidedChanges,
      });
      return updated;
    });
    const [presented] = await presentMany(actor, [decided], all);
    return presented!;
  }

  return {
    /** `GET /change_requests/new`: the properties a request may name and their values now. */
    async form(actor: Actor, rawId: string | undefined): Promise<ChangeRequestForm> {
      const { settings, properties } = await requestable(actor.networkId);
      const membership = await subjectOf(actor, rawId, settings.show_locked_memberships);
      return {
        member: { id: membership.id, displayName: memberName(membership), path: `/members/${membership.id}` },
        properties,
        values: Object.fromEntries(properties.map((p) => [p.name, membership.profile[p.name] ?? null])),
      };
    },

    /**
     * `POST /change_requests`: values only of the change-request properties (any other name is
     * refused as `profile.{name}: not_allowed`, never dropped unseen), each checked as the
     * profile checks it; at least one value.
     */
    async create(
      actor: Actor,
      input: z.output<typeof changeRequestInputSchema>['change_request'],
    ): Promise<ChangeRequest> {
      const { settings, properties } = await requestable(actor.networkId);
      const membership = await subjectOf(actor, input.membership_id, settings.show_locked_memberships);
      const allowed = new Set(properties.map((p) => p.name));
      const errors: Record<string, string[]> = {};
      for (const name of Object.keys(input.profile))
        if (!allowed.has(name)) errors[`profile.${name}`] = ['not_allowed'];
      const checked = validatePropertyValues(properties, input.profile);
      for (const [name, key] of Object.entries(checked.errors)) errors[`profile.${name}`] = [key];
      if (Object.keys(input.profile).length === 0) errors.profile = ['required'];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const row = await deps.events.transaction(async (tx: Db) => {
        const created = await repository.insert(tx, {
          networkId: actor.networkId,
          membershipId: membership.id,
          authorId: actor.membershipId,
          values: checked.values,
          comment: input.comment || null,
        });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: CHANGE_REQUEST_CREATED,
          actorId: actor.membershipId,
          subject: { type: 'profile_change_request', id: created.id },
          changes: { membership_id: membership.id, fields: Object.keys(checked.values) },
        });
        return created;
      });
      const [presented] = await presentMany(actor, [row], properties);
      return presented!;
    },

    /** `GET /administration/change_requests`: a page of one status (open by default), newest first. */
    async list(actor: Actor, query: z.output<typeof changeRequestListQuerySchema>): Promise<ChangeRequestPage> {
      if (!actor.isNetworkAdmin) throw forbidden();
      const { all } = await requestable(actor.networkId);
      const { rows, total } = await repository.page(
        actor.networkId,
        query.status,
        query.per,
        (query.page - 1) * query.per,
      );
      return { items: await presentMany(actor, rows, all), total, page: query.page, per: query.per };
    },

    accept: (actor: Actor, rawId: string) => decide(actor, rawId, 'accepted'),
    reject: (actor: Actor, rawId: string) => decide(actor, rawId, 'rejected'),
  };
}
