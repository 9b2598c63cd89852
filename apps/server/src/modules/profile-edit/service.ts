import {
  PROFILE_SHOW_AGE_KEY,
  validatePropertyValues,
  type NetworkSettings,
  type ProfileForm,
  type Property,
  type profileUpdateSchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import {
  memberImages,
  memberPolicy,
  MEMBERSHIP_OWNER,
  presentMember,
  type MembersService,
  type MembershipRow,
  type ProfilePatch,
} from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { PropertySetsService } from '../property-sets/index.ts';
import { joinsWithOnboarding } from './onboarding.ts';

export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>['member'];

export type ProfileEditDeps = {
  events: Pick<Events, 'transaction'>;
  storage: Pick<Storage, 'attach'>;
  members: MembersService;
  networks: Pick<NetworksService, 'get' | 'settings' | 'configOf'>;
  propertySets: Pick<PropertySetsService, 'profileProperties' | 'validateProfileValues'>;
};

export type ProfileEditService = ReturnType<typeof createProfileEditService>;

/** Where a new member goes once their profile is given. */
export const ONBOARDING_DONE_PATH = '/';

export function createProfileEditService(deps: ProfileEditDeps) {
  const { members, networks } = deps;

  async function networkOf(networkId: string) {
    const network = await networks.get(networkId);
    if (!network) throw notFound();
    return { network, settings: networks.settings(network) };
  }

  const profileProperties = (networkId: string) => deps.propertySets.profileProperties(networkId);

  /** The properties members change by a change request only; none unless the operator enables requests. */
  async function changeRequestFields(networkId: string, settings: NetworkSettings): Promise<string[]> {
    const config = await networks.configOf(networkId);
    return config.change_requests_enabled ? settings.change_request_profile_fields : [];
  }

  async function loadEditable(actor: Actor, rawId: string) {
    const { settings } = await networkOf(actor.networkId);
    const membership = await members.loadForActor(actor, rawId, settings.show_locked_memberships);
    const subject = { membership, guestUsersAllowChat: settings.guest_users_allow_chat };
    authorize(memberPolicy, 'update_profile', actor, subject);
    return { membership, settings, subject };
  }

  async function form(actor: Actor, membership: MembershipRow, settings: NetworkSettings): Promise<ProfileForm> {
    const subject = { membership, guestUsersAllowChat: settings.guest_users_allow_chat };
    const [properties, fields] = await Promise.all([
      profileProperties(actor.networkId),
      changeRequestFields(actor.networkId, settings),
    ]);
    const names = new Set(properties.map((p) => p.name));
    return {
      member: presentMember(actor, subject),
      values: {
        first_name: membership.firstName,
        last_name: membership.lastName,
        display_name: membership.displayName,
        birthday: membership.birthday,
        show_age: membership.profile[PROFILE_SHOW_AGE_KEY] === true,
        profile_image: membership.profileImageId
          ? { id: membership.profileImageId, images: memberImages(membership) }
          : null,
        profile: Object.fromEntries(Object.entries(membership.profile).filter(([name]) => names.has(name))),
      },
      properties,
      // Administrators edit every value themselves.
      change_request_fields: actor.isNetworkAdmin ? [] : fields,
    };
  }

  /**
   * Checks the values against the properties (errors as `profile.{name}`), all at once: a name
   * that is no property is `invalid`; a field changed by change requests only is `not_allowed`
   * unless it stays as it is. `requireAll`: required properties left out count as blank.
   */
  function checkedValues(
    properties: Property[],
    before: MembershipRow,
    sent: Record<string, unknown>,
    requestOnly: string[],
    requireAll: boolean,
  ) {
    const errors: Record<string, string[]> = {};
    const known = new Set(properties.map((p) => p.name));
    for (const name of Object.keys(sent)) if (!known.has(name)) errors[`profile.${name}`] = ['invalid'];
    const values = { ...sent };
    if (requireAll) {
      for (const p of properties)
        if (p.required && !(p.name in values)) values[p.name] = before.profile[p.name] ?? null;
    }
    const checked = validatePropertyValues(properties, values);
    for (const [name, key] of Object.entries(checked.errors)) errors[`profile.${name}`] = [key];
    for (const name of requestOnly) {
      if (
        name in checked.values &&
        JSON.stringify(checked.values[name]) !== JSON.stringify(before.profile[name] ?? null)
      )
        errors[`profile.${name}`] = ['not_allowed'];
    }
    return { values: checked.values, errors };
  }

  /**
   * Image and file values become the member's stored objects (uploads of the actor, or the
   * member's already), in the transaction; a refused upload is a 422 that rolls it back.
   */
  async function attachValues(tx: Db, actor: Actor, membershipId: string, values: Record<string, unknown>) {
    const attached = await deps.propertySets.validateProfileValues(actor.networkId, values, {
      actor,
      membershipId,
      db: tx,
    });
    const errors = Object.entries(attached.errors).map(([name, key]) => [`profile.${name}`, [key]]);
    if (errors.length > 0) throw unprocessable(Object.fromEntries(errors));
    return attached.values;
  }

  async function save(
    actor: Actor,
    before: MembershipRow,
    settings: NetworkSettings,
    input: ProfileUpdateInput,
    via: 'edit' | 'onboarding',
  ): Promise<MembershipRow> {
    const properties = await profileProperties(actor.networkId);
    const requestOnly = actor.isNetworkAdmin ? [] : await changeRequestFields(actor.networkId, settings);
    const { values, errors } = checkedValues(
      properties,
      before,
      input.profile ?? {},
      requestOnly,
      via === 'onboarding',
    );
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const profile: Record<string, unknown> = { ...values };
    if (input.show_age !== undefined) profile[PROFILE_SHOW_AGE_KEY] = input.show_age || null;
    const patch: ProfilePatch = {
      firstName: input.first_name,
      lastName: input.last_name,
      displayName: input.display_name,
      birthday: input.birthday,
      profileImageId: input.profile_image_id,
      profile,
      onboardingDone: via === 'onboarding',
    };
    return deps.events.transaction(async (tx: Db) => {
      const current = await members.profileEdit.lockForProfile(tx, actor.networkId, before.id);
      if (!current) throw notFound();
      if (input.profile_image_id && input.profile_image_id !== current.profileImageId) {
        await deps.storage.attach(
          actor,
          [input.profile_image_id],
          { type: MEMBERSHIP_OWNER, id: current.id },
          { db: tx, field: 'profile_image_id', directory: 'images' },
        );
      }
      const stored = await attachValues(tx, actor, current.id, values);
      return members.profileEdit.saveProfile(
        tx,
        actor.membershipId,
        current,
        { ...patch, profile: { ...patch.profile, ...stored } },
        via,
      );
    });
  }

  return {
    profileProperties,
    changeRequestFields,

    /** `GET /members/{id}/edit`: the profile form's values (403 without can.update_profile). */
    async editForm(actor: Actor, rawId: string): Promise<ProfileForm> {
      const { membership, settings } = await loadEditable(actor, rawId);
      return form(actor, membership, settings);
    },

    /** `PUT /members/{id}`: all or nothing; answers the form's values as saved. */
    async update(actor: Actor, rawId: string, input: ProfileUpdateInput): Promise<ProfileForm> {
      const { membership, settings } = await loadEditable(actor, rawId);
      const saved = await save(actor, membership, settings, input, 'edit');
      return form(actor, saved, settings);
    },

    /** `GET /onboarding/profile`: the new member's own profile form. */
    async onboardingForm(actor: Actor): Promise<ProfileForm & { pending: boolean }> {
      const { membership, settings } = await loadEditable(actor, actor.membershipId);
      return { ...(await form(actor, membership, settings)), pending: !!membership.onboardingPendingAt };
    },

    /**
     * Whether a member about to join with this profile goes through the onboarding first (see
     * `joinsWithOnboarding`); `ownForm`: they filled in a join form, not an administrator.
     */
    async onboardingOnJoin(networkId: string, profile: Record<string, unknown>, ownForm: boolean): Promise<boolean> {
      const [{ settings }, properties] = await Promise.all([networkOf(networkId), profileProperties(networkId)]);
      return joinsWithOnboarding({
        askForProfileData: settings.join_ask_for_profile_data,
        properties,
        profile,
        ownForm,
      });
    },

    /** `PUT /onboarding/profile`: saves the own profile (required properties must be given) and ends the onboarding. */
    async completeOnboarding(actor: Actor, input: ProfileUpdateInput): Promise<{ redirect_to: string }> {
      const { membership, settings } = await loadEditable(actor, actor.membershipId);
      await save(actor, membership, settings, input, 'onboarding');
      return { redirect_to: ONBOARDING_DONE_PATH };
    },

    /**
     * Applies accepted change request values in the caller's transaction (checked again against
     * today's properties: a value no longer valid is refused as `profile.{name}`).
     */
    async applyRequestedValues(tx: Db, actor: Actor, membershipId: string, requested: Record<string, unknown>) {
      const properties = await profileProperties(actor.networkId);
      const current = await members.profileEdit.lockForProfile(tx, actor.networkId, membershipId);
      if (!current) throw notFound();
      const { values, errors } = checkedValues(properties, current, requested, [], false);
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const stored = await attachValues(tx, actor, current.id, values);
      return members.profileEdit.saveProfile(tx, actor.membershipId, current, { profile: stored }, 'change_request');
    },
  };
}
