import {
  DEFAULT_LOCALE,
  ERROR_KEYS,
  LOCALES,
  type Locale,
  type LocaleSettings,
  type SecondFactorStep,
  type SessionInfo,
} from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { ResolvedSession } from '../../platform/auth/request-context.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashToken, randomToken, safeEqual } from '../../platform/auth/tokens.ts';
import { membershipKey, type MembershipOrigin, type MembershipRow, type MembersService } from '../members/index.ts';
import { createAccountAdministration, FIRST_PASSWORD_VALID_MS } from './administration.ts';
import { passwordResetMail } from './mails.ts';
import { createRegistration } from './registration.ts';
import { createAccountsRepository, type SessionRow, type UserRow } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESET_VALID_MS = 2 * 60 * 60 * 1000;
/** Sessions are extended on use, at most once in this interval, to spare a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** 24 random bytes: 32 url-safe characters, short enough for a feed URL a member copies. */
const FEED_TOKEN_BYTES = 24;
const FEED_TOKEN_MAX_LENGTH = 200;
/** Live sessions kept per process (each a few hundred bytes). */
const CACHED_SESSIONS = 50_000;

/** The invalidation keys of a session and of an account (its locale). */
export const sessionKey = (id: string) => `session:${id}`;
export const userKey = (id: string) => `user:${id}`;

/** What the events of this module change in the cache: a member's language is in their sessions. */
export const accountCacheInvalidations = {
  'account.locale_changed': (event: { subject: { id: string } }) => [membershipKey(event.subject.id)],
};

/** What every request of a session needs, cached: the session, the account's locale, the membership. */
type CachedSession = { session: SessionRow; locale: string | null; membership: MembershipRow };

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * What signing in asks of the two-factor module (which needs this one, so it hands this over
 * when it is made): which step a member's new session still needs, and what to do once such a
 * session opened (mail a code).
 */
export type SecondFactorGate = {
  stepFor(networkId: string, userId: string): Promise<SecondFactorStep | null>;
  sessionOpened(network: NetworkContext, userId: string, membershipId: string, step: SecondFactorStep): Promise<void>;
};

export type AccountsDeps = {
  db: Db;
  events: Pick<Events, 'record' | 'transaction'>;
  cache: Pick<Cache, 'region' | 'invalidate' | 'invalidateAfterCommit'>;
  members: MembersService;
  mailer: Mailer;
  publicUrl: string;
  sessionTtlDays: number;
  /** Told of each session that ends, so its live connections end too. */
  onSessionEnded?: (sessionId: string) => void;
};

export function createAccountsService(deps: AccountsDeps) {
  const repository = createAccountsRepository(deps.db);
  const ttlMs = deps.sessionTtlDays * DAY_MS;
  const sessions = deps.cache.region<CachedSession>(CACHED_SESSIONS);
  /** The membership behind each actor made from a cached session (`GET /session` answers with it). */
  const membershipOfActor = new WeakMap<Actor, MembershipRow>();
  let secondFactor: SecondFactorGate | null = null;

  /** A session ended (signed out, its account's password reset, its member deleted ...): everywhere. */
  const sessionEnded = (sessionId: string) => {
    deps.cache.invalidate([sessionKey(sessionId)]);
    deps.onSessionEnded?.(sessionId);
  };

  /** The second factor was given (or set up): the session reaches everything, in every process. */
  const passSecondFactor = async (sessionId: string): Promise<void> => {
    await repository.clearSecondFactorPending(sessionId);
    deps.cache.invalidate([sessionKey(sessionId)]);
  };

  /** The member's language changed: in the settings, or chosen on the sign-in page. */
  const recordLocaleChange = (
    tx: Db,
    network: NetworkContext,
    membershipId: string,
    locale: Locale | null,
    via: 'settings' | 'sign_in',
  ) =>
    deps.events.record(tx, {
      networkId: network.id,
      type: 'account.locale_changed',
      actorId: membershipId,
      subject: { type: 'membership', id: membershipId },
      changes: { locale, via },
    });

  const invalidCredentials = () => new HttpError(401, { error: ERROR_KEYS.invalidCredentials });

  /**
   * A live session with its member, from the cache or read (session with locale, then the
   * membership). A cached session that looks expired is read again: another process may have
   * extended it meanwhile.
   */
  async function cachedSession(
    key: string,
    read: (now: Date) => ReturnType<typeof repository.liveSession>,
  ): Promise<CachedSession | null> {
    const load = async () => {
      const found = await read(new Date());
      if (!found) return null;
      const membership = await deps.members.findByUser(found.session.networkId, found.session.userId);
      if (!membership) return null;
      return {
        value: { session: found.session, locale: found.locale, membership },
        keys: [sessionKey(found.session.id), userKey(found.session.userId), membershipKey(membership.id)],
      };
    };
    const cached = await sessions.get(key, load);
    if (!cached || cached.session.expiresAt.getTime() > Date.now()) return cached;
    sessions.forget(key);
    return sessions.get(key, load);
  }

  /** The member of a live session of this network, or null when it is foreign or the member locked. */
  async function resolveFound(found: CachedSession | null, networkId: string): Promise<ResolvedSession | null> {
    const now = new Date();
    if (!found || found.session.networkId !== networkId) return null;
    const { membership } = found;
    if (membership.lockedAt || membership.kind !== 'member') return null;
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      // This process's copy is brought up to date, so it touches once an interval; another
      // process's older copy only makes it touch once too, or read an extended session again.
      found.session = { ...found.session, lastSeenAt: now, expiresAt };
      await repository.touchSession(found.session.id, now, expiresAt);
    }
    const actor = deps.members.actorFor(membership, found.session.id, found.locale);
    membershipOfActor.set(actor, membership);
    return { actor, csrfToken: found.session.csrfToken, secondFactorPending: !!found.session.secondFactorPendingAt };
  }

  /** A new session of a member whose credentials were checked; a language chosen before becomes theirs if they have none. */
  async function openSessionFor(
    network: NetworkContext,
    user: UserRow,
    membership: MembershipRow,
    meta: { ip: string; userAgent: string | undefined; chosenLocale?: Locale },
  ): Promise<{ token: string; info: SessionInfo }> {
    const token = randomToken();
    const csrfToken = randomToken();
    const now = new Date();
    const step = (await secondFactor?.stepFor(network.id, user.id)) ?? null;
    const localeSet = await deps.db.transaction(async (tx) => {
      await repository.insertSession(
        {
          tokenHash: hashToken(token),
          userId: user.id,
          networkId: network.id,
          csrfToken,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
          expiresAt: new Date(now.getTime() + ttlMs),
          secondFactorPendingAt: step ? now : null,
        },
        tx,
      );
      await repository.updateUser(user.id, { lastSignInAt: now }, tx);
      if (!meta.chosenLocale || user.locale !== null) return false;
      const set = await repository.setLocaleIfUnset(user.id, meta.chosenLocale, tx);
      if (set) await recordLocaleChange(tx, network, membership.id, meta.chosenLocale, 'sign_in');
      if (set) deps.cache.invalidateAfterCommit(tx, [userKey(user.id)]);
      return set;
    });
    const locale = localeSet && meta.chosenLocale ? meta.chosenLocale : localeOf(user, network);
    if (step) await secondFactor?.sessionOpened(network, user.id, membership.id, step);
    return {
      token,
      info: {
        member: await deps.members.currentMember(membership),
        csrf_token: csrfToken,
        locale,
        ...(step ? { second_factor: step } : {}),
      },
    };
  }

  return {
    sessionMaxAgeSeconds: Math.floor(ttlMs / 1000),

    /** Addresses, first-password links and sessions, for the members administration. */
    administration: createAccountAdministration({ ...deps, onSessionEnded: sessionEnded }),

    /** The account's address, password and bounced address (`/users/edit`). */
    registration: createRegistration({ ...deps, repository, sessionEnded }),

    /**
     * Checks the password and opens a session. A wrong password, an unknown address and an
     * address without a membership in this network get the same answer; only who knows the
     * password learns that the membership is locked. A language the visitor chose before
     * signing in becomes the member's own when they have none yet, with the session.
     */
    async signIn(
      network: NetworkContext,
      credentials: { email: string; password: string },
      meta: { ip: string; userAgent: string | undefined; chosenLocale?: Locale },
    ): Promise<{ token: string; info: SessionInfo }> {
      const user = await repository.userByEmail(credentials.email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, credentials.password);
      if (!user || !passwordOk) throw invalidCredentials();
      const membership = await deps.members.findByUser(network.id, user.id);
      // A consumer is a contact of the network, not someone who signs in to it.
      if (!membership || membership.kind !== 'member') throw invalidCredentials();
      if (membership.lockedAt) throw new HttpError(401, { error: ERROR_KEYS.locked });

      return openSessionFor(network, user, membership, meta);
    },

    /**
     * Opens a session for a member who just joined (through an invitation or by signing up):
     * what signing in does once the password was checked.
     */
    async openSession(
      network: NetworkContext,
      userId: string,
      meta: { ip: string; userAgent: string | undefined },
    ): Promise<{ token: string; info: SessionInfo }> {
      const user = await repository.userById(userId);
      const membership = user && (await deps.members.findByUser(network.id, user.id));
      if (!user || !membership || membership.kind !== 'member' || membership.lockedAt) throw invalidCredentials();
      return openSessionFor(network, user, membership, meta);
    },

    /**
     * Whether an address has an account, and if so whether the password is its own: someone who
     * joins with the address of an existing account must prove it is theirs.
     */
    async passwordCheck(
      email: string,
      password: string,
    ): Promise<{ account: 'none' } | { account: 'match'; userId: string } | { account: 'mismatch' }> {
      const user = await repository.userByEmail(email.trim().toLowerCase());
      if (!user) return { account: 'none' };
      const ok = await verifyPassword(user.passwordHash ?? null, password);
      return ok ? { account: 'match', userId: user.id } : { account: 'mismatch' };
    },

    /** The member behind a session cookie, or null when it expired, is foreign or locked. */
    async resolveSession(tokenHash: string, networkId: string): Promise<ResolvedSession | null> {
      const found = await cachedSession(`token:${tokenHash}`, (now) => repository.liveSession(tokenHash, now));
      return resolveFound(found, networkId);
    },

    /** The same, for the session a chat token names (the token itself was checked by its signature). */
    async resolveSessionById(sessionId: string, networkId: string): Promise<ResolvedSession | null> {
      const found = await cachedSession(`id:${sessionId}`, (now) => repository.liveSessionById(sessionId, now));
      return resolveFound(found, networkId);
    },

    /** Signing in asks the two-factor module which sessions open waiting for a second factor. */
    useSecondFactor(gate: SecondFactorGate): void {
      secondFactor = gate;
    },

    async sessionInfo(network: NetworkContext, actor: Actor, csrfToken: string, secondFactorPending = false) {
      const membership = membershipOfActor.get(actor) ?? (await deps.members.findByUser(network.id, actor.userId));
      if (!membership) return null;
      let step: SecondFactorStep | null = null;
      if (secondFactorPending) {
        step = (await secondFactor?.stepFor(network.id, actor.userId)) ?? null;
        // Nothing left to ask (the factors were reset, two-factor turned off): the session goes on.
        if (!step) await passSecondFactor(actor.sessionId);
      }
      return {
        member: await deps.members.currentMember(membership),
        csrf_token: csrfToken,
        locale: actor.locale ?? network.language,
        ...(step ? { second_factor: step } : {}),
      } satisfies SessionInfo;
    },

    passSecondFactor,

    async signOut(sessionId: string): Promise<void> {
      await repository.deleteSession(sessionId);
      sessionEnded(sessionId);
    },

    /** Mails a reset link when the address belongs to a member of this network; says nothing either way. */
    async requestPasswordReset(network: NetworkContext, email: string): Promise<void> {
      const user = await repository.userByEmail(email);
      if (!user) return;
      const membership = await deps.members.findByUser(network.id, user.id);
      if (!membership || membership.lockedAt) return;
      const token = randomToken();
      const link = `${deps.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
      const locale = localeOf(user, network);
      const content = passwordResetMail(locale, link, network.name);
      const mail = await deps.mailer.prepare({
        networkId: network.id,
        networkName: network.name,
        to: user.email,
        locale,
        ...content,
      });
      // The token and its mail exist together or not at all; the event never holds the token.
      await deps.db.transaction(async (tx) => {
        await repository.updateUser(
          user.id,
          { resetPasswordTokenHash: hashToken(token), resetPasswordSentAt: new Date() },
          tx,
        );
        await deps.mailer.enqueue([mail], tx);
        await deps.events.record(tx, {
          networkId: network.id,
          type: 'account.password_reset_requested',
          actorId: membership.id,
          subject: { type: 'membership', id: membership.id },
        });
      });
    },

    /** Sets the new password and signs the account out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const now = Date.now();
      const user = await repository.userByResetToken(hashToken(token), new Date(now - FIRST_PASSWORD_VALID_MS));
      // The first password (the welcome mail's link) may be chosen days later; a reset is quick.
      const expired = !!user?.passwordHash && (user.resetPasswordSentAt?.getTime() ?? 0) <= now - RESET_VALID_MS;
      if (!user || expired) throw unprocessable({ reset_password_token: [ERROR_KEYS.invalidToken] });
      await repository.updateUser(user.id, {
        passwordHash: await hashPassword(password),
        resetPasswordTokenHash: null,
        resetPasswordSentAt: null,
      });
      const ended = await repository.deleteSessionsOfUser(user.id);
      for (const sessionId of ended) sessionEnded(sessionId);
    },

    /** Creates accounts; a shared password hash may be given to spare hashing for generated networks. */
    async createUsers(
      entries: Array<{ email: string; password?: string; passwordHash?: string; locale?: string | null }>,
    ): Promise<UserRow[]> {
      const rows = [];
      for (const e of entries) {
        rows.push({
          email: e.email.trim().toLowerCase(),
          passwordHash: e.passwordHash ?? (e.password ? await hashPassword(e.password) : null),
          locale: e.locale ?? null,
        });
      }
      const created: UserRow[] = [];
      for (let i = 0; i < rows.length; i += 1000)
        created.push(...(await repository.insertUsers(rows.slice(i, i + 1000))));
      return created;
    },

    /**
     * Where mail to some members goes: their account's address and chosen locale (null: the
     * network's language). Two queries however many members; unknown ids are left out.
     */
    async mailAddresses(
      networkId: string,
      membershipIds: string[],
    ): Promise<Map<string, { email: string; locale: string | null }>> {
      const memberships = await deps.members.findMany(networkId, [...new Set(membershipIds)]);
      const users = new Map(
        (await repository.usersByIds([...new Set(memberships.map((m) => m.userId))])).map((u) => [u.id, u]),
      );
      const result = new Map<string, { email: string; locale: string | null }>();
      for (const m of memberships) {
        const user = users.get(m.userId);
        if (user) result.set(m.id, { email: user.email, locale: user.locale });
      }
      return result;
    },

    /**
     * Makes someone a member of the network: their account (found by the address when they have
     * one, from another network say; made otherwise, recording `account.created`), then the
     * membership (`membership.created`, see members). Each step is its own transaction, and a
     * second call finds what the first made, so one that failed half-way can simply be repeated.
     * A password hash may be given (a registration chose it earlier); without password or hash,
     * the account has none until its owner sets one through a mailed link.
     * 422 `{email: ['taken']}` when the address is a member of this network already.
     */
    async addMember(
      network: NetworkContext,
      input: {
        email: string;
        firstName: string;
        lastName: string;
        password?: string | null;
        passwordHash?: string | null;
        locale?: string | null;
        isExternal?: boolean;
        profile?: Record<string, unknown>;
        /** The network asks for profile data on joining: the member gives it in the onboarding first. */
        onboardingPending?: boolean;
      },
      origin: { actorId: string | null; via: MembershipOrigin; details?: Record<string, unknown> },
    ) {
      const email = input.email.trim().toLowerCase();
      let user = await repository.userByEmail(email);
      if (user && (await deps.members.findByUser(network.id, user.id))) throw unprocessable({ email: ['taken'] });
      if (!user) {
        const passwordHash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
        // A request for the same address at the same moment may make the account first: then it is taken.
        user = await deps.events
          .transaction(async (tx) => {
            const [created] = await repository.insertUsers([{ email, passwordHash, locale: input.locale ?? null }], tx);
            if (!created) throw new Error('insert returned no row');
            await deps.events.record(tx, {
              networkId: network.id,
              type: 'account.created',
              actorId: origin.actorId,
              subject: { type: 'user', id: created.id },
              changes: { via: origin.via },
            });
            return created;
          })
          .catch(async (error: unknown) => {
            const made = isUniqueViolation(error) ? await repository.userByEmail(email) : undefined;
            if (!made) throw error;
            return made;
          });
      }
      const membership = await deps.members
        .add(
          {
            networkId: network.id,
            userId: user.id,
            firstName: input.firstName.trim(),
            lastName: input.lastName.trim(),
            isExternal: input.isExternal ?? false,
            profile: input.profile ?? {},
            onboardingPendingAt: input.onboardingPending ? new Date() : null,
          },
          origin,
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? unprocessable({ email: ['taken'] }) : error;
        });
      return { user, membership };
    },

    /**
     * Which of some addresses are members of the network already (lower case), for invitations
     * by e-mail: two queries per thousand addresses.
     */
    async memberAddresses(networkId: string, emails: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      for (let i = 0; i < unique.length; i += 1000) {
        const accounts = await repository.usersByEmails(unique.slice(i, i + 1000));
        const members = await deps.members.findByUsers(
          networkId,
          accounts.map((a) => a.id),
        );
        const memberUsers = new Set(members.map((m) => m.userId));
        for (const account of accounts) if (memberUsers.has(account.id)) found.add(account.email);
      }
      return found;
    },

    async exists(email: string): Promise<boolean> {
      return !!(await repository.userByEmail(email.trim().toLowerCase()));
    },

    /** The member's own language, or null to follow the network's (`/members/{id}/locale_settings`). */
    async localeSettings(network: NetworkContext, userId: string): Promise<LocaleSettings> {
      const user = await repository.userById(userId);
      return { locale: asLocale(user?.locale), network_language: asLocale(network.language) ?? DEFAULT_LOCALE };
    },

    async updateLocale(network: NetworkContext, actor: Actor, locale: Locale | null): Promise<LocaleSettings> {
      await deps.db.transaction(async (tx) => {
        await repository.updateUser(actor.userId, { locale }, tx);
        await recordLocaleChange(tx, network, actor.membershipId, locale, 'settings');
        // The account's sessions in other networks speak its language too.
        deps.cache.invalidateAfterCommit(tx, [userKey(actor.userId)]);
      });
      return { locale, network_language: asLocale(network.language) ?? DEFAULT_LOCALE };
    },

    /** The token of the member's calendar feeds, or null until one is asked for. */
    async authenticationToken(userId: string): Promise<string | null> {
      return (await repository.userById(userId))?.authenticationToken ?? null;
    },

    /** A new feed token: the feed URLs made with the old one stop working. */
    async renewAuthenticationToken(userId: string): Promise<string> {
      const token = randomToken(FEED_TOKEN_BYTES);
      await repository.updateUser(userId, { authenticationToken: token });
      return token;
    },

    async removeAuthenticationToken(userId: string): Promise<void> {
      await repository.updateUser(userId, { authenticationToken: null });
    },

    /**
     * Who a calendar feed URL speaks for: the account with that token, if it has an unlocked
     * membership in the network that signs in (no consumer). Null for anything else.
     */
    async actorForFeedToken(network: NetworkContext, token: string): Promise<Actor | null> {
      if (!token || token.length > FEED_TOKEN_MAX_LENGTH) return null;
      const user = await repository.userByAuthenticationToken(token);
      // The index finds the row; the constant-time comparison is what decides.
      if (!user?.authenticationToken || !safeEqual(user.authenticationToken, token)) return null;
      const membership = await deps.members.findByUser(network.id, user.id);
      if (!membership || membership.lockedAt || membership.kind !== 'member') return null;
      // A feed request has no session; the id says where the actor comes from.
      return deps.members.actorFor(membership, `feed:${user.id}`, user.locale);
    },

    deleteExpiredSessions: () => repository.deleteExpiredSessions(new Date()),
  };
}

/** A stored language, if it is one we speak (an older or hand-edited row may hold anything). */
function asLocale(value: string | null | undefined): Locale | null {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
}

function localeOf(user: UserRow, network: NetworkContext): string {
  return user.locale ?? network.language;
}
