import type { z } from 'zod';
import { JOIN_ERROR_KEYS, type JoinResult, type SignUpSettings, type signUpBodySchema } from '@agora/contracts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import { LANDING_PATH, settingsOf, type RegistrationsContext, type RequestMeta } from './deps.ts';
import { REGISTRATION_EVENTS } from './events.ts';
import { checkJoiningPassword } from './passwords.ts';
import { askedProfileFields, profileValues } from './profile-fields.ts';

export type SignUpInput = z.output<typeof signUpBodySchema>['user'];

/** Signing up on the sign-in page's link: at once, or pending an administrator's decision. */
export function createSignUp(deps: RegistrationsContext) {
  return {
    async signUpSettings(network: NetworkContext): Promise<SignUpSettings> {
      const settings = await settingsOf(deps, network);
      return {
        allowed: settings.join_user_can_initiate,
        network_name: network.name,
        moderated: settings.join_moderated,
        altcha: settings.altcha_captcha,
        as_external: settings.join_as_external,
        ask_for_profile_data: settings.join_ask_for_profile_data,
        profile_fields: askedProfileFields(settings),
      };
    },

    /** 404 unless the network lets visitors sign up and asks for a proof of work. */
    async assertAltchaWanted(network: NetworkContext): Promise<void> {
      const settings = await settingsOf(deps, network);
      if (!settings.join_user_can_initiate || !settings.altcha_captcha) throw notFound();
    },

    /**
     * Checks in this order: the network allows it (404), nobody is signed in (403), the proof of
     * work (422 `altcha`: it is spent once verified, so the cheap rules come first), then the
     * address and password. Moderated: a pending registration (`registration.created`);
     * otherwise the member is made (`membership.created` via registration) and signed in.
     */
    async signUp(
      network: NetworkContext,
      actor: Actor | null,
      input: SignUpInput,
      meta: RequestMeta,
    ): Promise<{ result: JoinResult; token: string | null }> {
      const settings = await settingsOf(deps, network);
      if (!settings.join_user_can_initiate) throw notFound();
      if (actor) throw forbidden('already_signed_in');
      if (settings.altcha_captcha && !(await deps.altcha.verify(input.altcha))) {
        throw unprocessable({ altcha: [JOIN_ERROR_KEYS.altchaInvalid] });
      }
      const { existingUserId } = await checkJoiningPassword(deps, input, 'email');
      if (existingUserId && (await deps.members.findByUser(network.id, existingUserId))) {
        throw unprocessable({ email: [JOIN_ERROR_KEYS.taken] });
      }
      const profile = profileValues(settings, input.profile);

      if (settings.join_moderated) {
        if (await deps.repository.pendingWithEmail(network.id, input.email)) {
          throw unprocessable({ email: [JOIN_ERROR_KEYS.alreadyRegistered] });
        }
        const passwordHash = await hashPassword(input.password);
        const row = await deps.events.transaction(async (tx) => {
          const inserted = await deps.repository.insertPending(tx, {
            networkId: network.id,
            email: input.email,
            firstName: input.first_name,
            lastName: input.last_name,
            passwordHash,
            locale: input.locale ?? null,
            profile,
          });
          if (!inserted) return null;
          await deps.events.record(tx, {
            networkId: network.id,
            type: REGISTRATION_EVENTS.created,
            actorId: null,
            subject: { type: 'registration', id: inserted.id },
            changes: { email: inserted.email, first_name: inserted.firstName, last_name: inserted.lastName },
          });
          return inserted;
        });
        // Two sign-ups with one address at once: the unique index let one through.
        if (!row) throw unprocessable({ email: [JOIN_ERROR_KEYS.alreadyRegistered] });
        return { result: { status: 'pending', redirect_to: null, session: null }, token: null };
      }

      const { user } = await deps.accounts.addMember(
        network,
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          password: input.password,
          locale: input.locale ?? null,
          isExternal: settings.join_as_external,
          profile,
          onboardingPending: await deps.profileEdit.onboardingOnJoin(network.id, profile, true),
        },
        { actorId: null, via: 'registration' },
      );
      const session = await deps.accounts.openSession(network, user.id, meta);
      return {
        result: { status: 'member', redirect_to: LANDING_PATH, session: session.info },
        token: session.token,
      };
    },
  };
}
