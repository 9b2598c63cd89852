import { ERROR_KEYS, type RegistrationAnswer, type RegistrationBody } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import { emailConfirmationMail } from './mails.ts';
import type { AccountsRepository } from './repository.ts';
import type { AccountsDeps } from './service.ts';

/** A link to confirm a new address is valid for two days. */
const CONFIRMATION_VALID_MS = 2 * 24 * 60 * 60 * 1000;

type RegistrationDeps = Pick<AccountsDeps, 'db' | 'events' | 'mailer' | 'publicUrl'> & {
  repository: AccountsRepository;
  sessionEnded: (sessionId: string) => void;
};

/**
 * The account's own settings (`/users/edit`): its address, changed only once the link mailed to
 * the new one is opened; its password, changed with the current one; and the bounced address.
 */
export function createRegistration(deps: RegistrationDeps) {
  const { repository } = deps;

  async function account(userId: string) {
    const user = await repository.userById(userId);
    if (!user) throw notFound();
    return user;
  }

  return {
    async show(actor: Actor): Promise<RegistrationAnswer> {
      const user = await account(actor.userId);
      return {
        email: user.email,
        unconfirmed_email: user.unconfirmedEmail,
        authentication_token: user.authenticationToken,
      };
    },

    /**
     * A new address and/or password; the current password is required for either. The new
     * address gets a confirmation link and replaces the old one only when it is opened; a new
     * password ends the account's other sessions.
     */
    async update(network: NetworkContext, actor: Actor, input: RegistrationBody['user']): Promise<RegistrationAnswer> {
      const user = await account(actor.userId);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw unprocessable({ current_password: [ERROR_KEYS.invalid] });
      }
      const email = input.email && input.email !== user.email ? input.email : null;
      if (email && (await repository.userByEmail(email))) throw unprocessable({ email: ['taken'] });

      const token = email ? randomToken() : null;
      const mail =
        email && token
          ? await deps.mailer.prepare({
              networkId: network.id,
              networkName: network.name,
              to: email,
              locale: user.locale ?? network.language,
              ...emailConfirmationMail(
                user.locale ?? network.language,
                `${deps.publicUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`,
                network.name,
              ),
            })
          : null;
      const passwordHash = input.password ? await hashPassword(input.password) : null;

      await deps.db.transaction(async (tx) => {
        await repository.updateUser(
          user.id,
          {
            ...(email && token
              ? {
                  unconfirmedEmail: email,
                  emailConfirmationTokenHash: hashToken(token),
                  emailConfirmationSentAt: new Date(),
                }
              : {}),
            ...(passwordHash ? { passwordHash, resetPasswordTokenHash: null, resetPasswordSentAt: null } : {}),
          },
          tx,
        );
        if (mail) await deps.mailer.enqueue([mail], tx);
        // The event holds neither the token nor the password.
        await deps.events.record(tx, {
          networkId: network.id,
          type: 'account.registration_updated',
          actorId: actor.membershipId,
          subject: { type: 'membership', id: actor.membershipId },
          changes: { email_change_requested: !!email, password_changed: !!passwordHash },
        });
      });
      if (passwordHash) {
        for (const sessionId of await repository.deleteOtherSessionsOfUser(user.id, actor.sessionId)) {
          deps.sessionEnded(sessionId);
        }
      }
      return this.show(actor);
    },

    /** The link mailed to a new address was opened: it becomes the account's address. */
    async confirmEmail(network: NetworkContext, token: string): Promise<{ email: string }> {
      const user = await repository.userByConfirmationToken(
        hashToken(token),
        new Date(Date.now() - CONFIRMATION_VALID_MS),
      );
      const email = user?.unconfirmedEmail;
      if (!user || !email) throw unprocessable({ confirmation_token: [ERROR_KEYS.invalidToken] });
      await deps.db
        .transaction(async (tx) => {
          await repository.updateUser(
            user.id,
            {
              email,
              unconfirmedEmail: null,
              emailConfirmationTokenHash: null,
              emailConfirmationSentAt: null,
              // A new address has not bounced.
              emailBouncedAt: null,
            },
            tx,
          );
          await deps.events.record(tx, {
            networkId: network.id,
            type: 'account.email_confirmed',
            actorId: null,
            subject: { type: 'user', id: user.id },
          });
        })
        .catch((error: unknown) => {
          // Another account took the address meanwhile.
          throw isUniqueViolation(error) ? unprocessable({ email: ['taken'] }) : error;
        });
      return { email };
    },

    /** Of some accounts, those whose address bounced. */
    bouncedUserIds: (userIds: string[]) => repository.bouncedUserIds([...new Set(userIds)]),

    /** When mail to the account's address bounced, if it did. */
    async bouncedAt(userId: string): Promise<Date | null> {
      return (await repository.userById(userId))?.emailBouncedAt ?? null;
    },

    /** The accounts of addresses the mail system could not deliver to (unknown ones left out). */
    async userIdsByEmails(emails: string[]): Promise<string[]> {
      const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      return (await repository.usersByEmails(unique)).map((u) => u.id);
    },

    /** Mail to these accounts bounced. */
    markBounced: (userIds: string[], tx?: Db) => repository.markBounced(userIds, new Date(), tx),

    /** The member takes their bounced address back into use. */
    async clearBounce(userId: string, tx?: Db): Promise<void> {
      await repository.updateUser(userId, { emailBouncedAt: null }, tx);
    },
  };
}
