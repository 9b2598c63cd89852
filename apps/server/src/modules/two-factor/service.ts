import QRCode from 'qrcode';
import {
  AUTHENTICATION_FACTOR_TYPES,
  EMAIL_CODE_DIGITS,
  TWO_FACTOR_ERROR_KEYS,
  type AddedFactor,
  type AuthenticationFactors,
  type AuthenticationFactorType,
  type BackupCodes,
  type NewTotpFactor,
  type SecondFactorPassed,
  type SecondFactorStep,
  type TwoFactorMode,
} from '@agora/contracts';
import { safeEqual } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { translator } from '../../platform/i18n/index.ts';
import type { BucketRule, Limits } from '../../platform/limits/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { AccountsService, SecondFactorGate } from '../accounts/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { presentFactor } from './present.ts';
import { createTwoFactorRepository, type EmailCodePurpose, type FactorRow } from './repository.ts';
import {
  newBackupCodes,
  newTotpSecret,
  randomDigits,
  secretFrom,
  totpFor,
  totpStep,
  type TwoFactorSecrets,
} from './secrets.ts';

const EMAIL_CODE_VALID_MS = 10 * 60 * 1000;
const EMAIL_CODE_ATTEMPTS = 5;
/** Where a session goes once its second factor is given. */
const AFTER_SIGN_IN = '/';

/** Attempts at a code per member: 10 at once, then one every 90 seconds. */
export const CODE_ATTEMPTS: BucketRule = { burst: 10, perSecond: 1 / 90 };
export type CodeAttemptLimits = Limits<{ codeAttempts: BucketRule }>;

/** Whether the caller's session waits for its second factor. */
export type Caller = { actor: Actor; network: NetworkContext; pending: boolean };

export type TwoFactorDeps = {
  db: Db;
  events: Pick<Events, 'record' | 'transaction'>;
  mailer: Mailer;
  accounts: AccountsService;
  members: MembersService;
  networks: NetworksService;
  secrets: TwoFactorSecrets;
  limits: CodeAttemptLimits;
};

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService(deps: TwoFactorDeps) {
  const repository = createTwoFactorRepository(deps.db);
  const { secrets } = deps;

  /** The network's two-factor setting and the types it offers (none when disabled). */
  async function settingsOf(networkId: string): Promise<{ mode: TwoFactorMode; types: AuthenticationFactorType[] }> {
    const network = await deps.networks.get(networkId);
    const settings = network ? deps.networks.settings(network) : null;
    const mode = settings?.two_factor ?? 'disabled';
    if (!settings || mode === 'disabled') return { mode: 'disabled', types: [] };
    const types = AUTHENTICATION_FACTOR_TYPES.filter((type) =>
      type === 'totp' ? settings.two_factor_totp_available : settings.two_factor_email_available,
    );
    return { mode, types };
  }

  async function stepFor(networkId: string, userId: string): Promise<SecondFactorStep | null> {
    const { mode } = await settingsOf(networkId);
    if (mode === 'disabled') return null;
    if (await repository.hasFactor(userId)) return 'verify';
    return mode === 'enforced' ? 'setup' : null;
  }

  /** The invalid-code answer, with the message in the member's language. */
  const invalidCode = (caller: Caller) =>
    new HttpError(400, {
      error: TWO_FACTOR_ERROR_KEYS.invalidCode,
      message: translator(caller.actor.locale ?? caller.network.language)('accounts:two_factor.invalid_code'),
    });

  /** Every attempt at a code draws from the member's budget, so that codes cannot be guessed. */
  async function countAttempt(caller: Caller): Promise<void> {
    const taken = await deps.limits.take('codeAttempts', {
      networkId: caller.actor.networkId,
      membershipId: caller.actor.membershipId,
    });
    if (!taken.ok) throw tooManyRequests();
  }

  /**
   * The factor calls: refused while a sign-in waits for a code (the factors may be changed only
   * once it was given); allowed in the enforced setup.
   */
  async function manageable(caller: Caller): Promise<{ mode: TwoFactorMode; types: AuthenticationFactorType[] }> {
    const settings = await settingsOf(caller.actor.networkId);
    if (caller.pending && (await stepFor(caller.actor.networkId, caller.actor.userId)) !== 'setup')
      throw unauthorized(TWO_FACTOR_ERROR_KEYS.secondFactorRequired);
    if (settings.mode === 'disabled') throw forbidden(TWO_FACTOR_ERROR_KEYS.disabled);
    return settings;
  }

  async function mailCode(
    network: NetworkContext,
    caller: Pick<Actor, 'userId' | 'membershipId' | 'networkId'>,
    purpose: EmailCodePurpose,
  ) {
    const address = (await deps.accounts.mailAddresses(network.id, [caller.membershipId])).get(caller.membershipId);
    if (!address) throw notFound();
    const code = randomDigits(EMAIL_CODE_DIGITS);
    const locale = address.locale ?? network.language;
    const t = translator(locale);
    const mail = await deps.mailer.prepare({
      networkId: network.id,
      networkName: network.name,
      to: address.email,
      locale,
      subject: t('accounts:two_factor.code_mail.subject'),
      paragraphs: [t('accounts:two_factor.code_mail.greeting'), t('accounts:two_factor.code_mail.code', { code })],
      closing: [t('accounts:two_factor.code_mail.validity')],
    });
    // The code and its mail exist together or not at all; the event never holds the code.
    await deps.events.transaction(async (tx: Db) => {
      await repository.insertEmailCode(
        {
          userId: caller.userId,
          purpose,
          codeHash: secrets.hashCode(code),
          expiresAt: new Date(Date.now() + EMAIL_CODE_VALID_MS),
        },
        tx,
      );
      await deps.mailer.enqueue([mail], tx);
      await deps.events.record(tx, {
        networkId: network.id,
        type: 'two_factor.code_mailed',
        actorId: caller.membershipId,
        subject: { type: 'membership', id: caller.membershipId },
        changes: { purpose },
      });
    });
  }

  /** Checks an e-mailed code; a wrong one uses up one of its attempts. */
  async function emailCodeMatches(userId: string, purpose: EmailCodePurpose, code: string): Promise<boolean> {
    const now = new Date();
    const stored = await repository.liveEmailCode(userId, purpose, now, EMAIL_CODE_ATTEMPTS);
    if (!stored) return false;
    if (!safeEqual(stored.codeHash, secrets.hashCode(code))) {
      await repository.countEmailCodeAttempt(stored.id);
      return false;
    }
    return repository.useEmailCode(stored.id, now);
  }

  /** Whether a code is right for one of the member's factors (a TOTP step is taken once). */
  async function factorAccepts(factor: FactorRow, code: string): Promise<boolean> {
    const now = new Date();
    if (factor.type === 'totp') {
      if (!factor.secretCiphertext) return false;
      const step = totpStep(secrets.decrypt(factor.secretCiphertext), code, now.getTime());
      return step !== null && (await repository.takeTotpStep(factor.id, step, now));
    }
    const ok = await emailCodeMatches(factor.userId, 'sign_in', code);
    if (ok) await repository.markFactorUsed(factor.id, now);
    return ok;
  }

  async function ownFactor(caller: Caller, id: string): Promise<FactorRow> {
    const factor = (await repository.factorsOf(caller.actor.userId)).find((f) => f.id === id);
    if (!factor) throw notFound();
    return factor;
  }

  async function storeBackupCodes(userId: string, tx: Db): Promise<string[]> {
    const codes = newBackupCodes();
    await repository.replaceBackupCodes(
      userId,
      codes.map((c) => secrets.hashCode(c)),
      tx,
    );
    return codes;
  }

  const record = (tx: Db, caller: Caller, type: string, changes: Record<string, unknown>) =>
    deps.events.record(tx, {
      networkId: caller.actor.networkId,
      type,
      actorId: caller.actor.membershipId,
      subject: { type: 'membership', id: caller.actor.membershipId },
      changes,
    });

  const gate: SecondFactorGate = {
    stepFor,
    async sessionOpened(network, userId, membershipId, step) {
      if (step !== 'verify') return;
      const factors = await repository.factorsOf(userId);
      // With an authenticator app the member types its code; only e-mail alone needs a mail.
      if (factors.some((f) => f.type === 'email') && !factors.some((f) => f.type === 'totp'))
        await mailCode(network, { userId, membershipId, networkId: network.id }, 'sign_in');
    },
  };

  return {
    gate,
    stepFor,
    close: () => deps.limits.close(),

    async list(caller: Caller): Promise<AuthenticationFactors> {
      const [factors, settings, backupCodesLeft] = await Promise.all([
        repository.factorsOf(caller.actor.userId),
        settingsOf(caller.actor.networkId),
        repository.unusedBackupCodes(caller.actor.userId),
      ]);
      const have = new Set(factors.map((f) => f.type));
      return {
        factors: factors.map(presentFactor),
        available_types: settings.types.filter((type) => !have.has(type)),
        backup_codes_left: backupCodesLeft,
      };
    },

    /** The secret of a new authenticator app (nothing stored yet), or a code mailed for the e-mail factor. */
    async newFactor(caller: Caller, type: AuthenticationFactorType): Promise<NewTotpFactor | Record<string, never>> {
      // A member with the e-mail factor gets a code to sign in or to confirm a change with (sent again on request).
      if (type === 'email' && (await repository.factorsOf(caller.actor.userId)).some((f) => f.type === 'email')) {
        await countAttempt(caller);
        await mailCode(caller.network, caller.actor, 'sign_in');
        return {};
      }
      const settings = await manageable(caller);
      await assertAddable(caller, settings.types, type);
      if (type === 'email') {
        await countAttempt(caller);
        await mailCode(caller.network, caller.actor, 'setup');
        return {};
      }
      const secret = newTotpSecret();
      const address = (await deps.accounts.mailAddresses(caller.network.id, [caller.actor.membershipId])).get(
        caller.actor.membershipId,
      );
      const uri = totpFor(secret, caller.network.name, address?.email ?? caller.actor.membershipId).toString();
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return { provisioning_uri: uri, secret_key: secret, qr_svg: svg };
    },

    /** Activates a factor once its code is right; answers new backup codes (and in the enforced setup where to go on). */
    async addFactor(
      caller: Caller,
      input: {
        type: AuthenticationFactorType;
        code: string;
        provisioning_uri?: string | undefined;
        secret_key?: string | undefined;
      },
    ): Promise<AddedFactor> {
      const settings = await manageable(caller);
      await assertAddable(caller, settings.types, input.type);
      await countAttempt(caller);
      const now = new Date();
      let values: { secretCiphertext: string | null; lastUsedStep: number | null };
      if (input.type === 'totp') {
        const secret = secretFrom(input);
        if (!secret)
          throw unprocessable({
            [input.provisioning_uri && !input.secret_key ? 'provisioning_uri' : 'secret_key']: ['invalid'],
          });
        const step = totpStep(secret, input.code, now.getTime());
        if (step === null) throw invalidCode(caller);
        values = { secretCiphertext: secrets.encrypt(secret), lastUsedStep: step };
      } else {
        if (!(await emailCodeMatches(caller.actor.userId, 'setup', input.code))) throw invalidCode(caller);
        values = { secretCiphertext: null, lastUsedStep: null };
      }
      const codes = await deps.events
        .transaction(async (tx: Db) => {
          const factor = await repository.insertFactor(
            { userId: caller.actor.userId, type: input.type, ...values, lastUsedAt: now },
            tx,
          );
          await record(tx, caller, 'two_factor.factor_added', { factor_id: factor.id, factor_type: input.type });
          return storeBackupCodes(caller.actor.userId, tx);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? unprocessable({ type: ['taken'] }) : error;
        });
      if (!caller.pending) return { backup_codes: codes };
      await deps.accounts.passSecondFactor(caller.actor.sessionId);
      return { backup_codes: codes, redirect_to: AFTER_SIGN_IN };
    },

    async resetBackupCodes(caller: Caller, id: string, code: string): Promise<BackupCodes> {
      await manageable(caller);
      const factor = await ownFactor(caller, id);
      await countAttempt(caller);
      if (!(await factorAccepts(factor, code))) throw invalidCode(caller);
      const codes = await deps.events.transaction(async (tx: Db) => {
        await record(tx, caller, 'two_factor.backup_codes_reset', { factor_id: factor.id });
        return storeBackupCodes(caller.actor.userId, tx);
      });
      return { backup_codes: codes };
    },

    async deleteFactor(caller: Caller, id: string, code: string): Promise<void> {
      await manageable(caller);
      const factor = await ownFactor(caller, id);
      await countAttempt(caller);
      if (!(await factorAccepts(factor, code))) throw invalidCode(caller);
      await deps.events.transaction(async (tx: Db) => {
        await repository.deleteFactor(factor.id, tx);
        // Backup codes stand in for a factor: without any left, they go too.
        if ((await repository.factorsOf(caller.actor.userId, tx)).length === 0)
          await repository.deleteBackupCodes(caller.actor.userId, tx);
        await record(tx, caller, 'two_factor.factor_removed', { factor_id: factor.id, factor_type: factor.type });
      });
    },

    /** The code step of signing in: an authenticator, e-mailed or backup code clears the session's wait. */
    async passSignIn(caller: Caller, code: string): Promise<SecondFactorPassed> {
      if (!caller.pending) return { redirect_to: AFTER_SIGN_IN };
      await countAttempt(caller);
      const factors = await repository.factorsOf(caller.actor.userId);
      let passed = false;
      for (const factor of factors) {
        if (passed) break;
        passed = await factorAccepts(factor, code);
      }
      if (!passed && factors.length > 0)
        passed = await repository.useBackupCode(caller.actor.userId, secrets.hashCode(code), new Date());
      if (!passed) throw invalidCode(caller);
      await deps.accounts.passSecondFactor(caller.actor.sessionId);
      return { redirect_to: AFTER_SIGN_IN };
    },

    /** A network admin removes a member's factors and backup codes (they set them up anew). */
    async resetMember(actor: Actor, membershipId: string): Promise<void> {
      if (!actor.isNetworkAdmin) throw forbidden();
      const { mode } = await settingsOf(actor.networkId);
      if (mode === 'disabled') throw forbidden(TWO_FACTOR_ERROR_KEYS.disabled);
      const membership = await deps.members.find(actor.networkId, membershipId);
      if (!membership || membership.deletedAt || membership.kind !== 'member') throw notFound();
      await deps.events.transaction(async (tx: Db) => {
        const removed = await repository.deleteEverything(membership.userId, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: 'two_factor.reset',
          actorId: actor.membershipId,
          subject: { type: 'membership', id: membership.id },
          changes: { factors_removed: removed },
        });
      });
    },
  };

  async function assertAddable(caller: Caller, types: AuthenticationFactorType[], type: AuthenticationFactorType) {
    if (!types.includes(type)) throw unprocessable({ type: [TWO_FACTOR_ERROR_KEYS.unknownType] });
    const factors = await repository.factorsOf(caller.actor.userId);
    if (factors.some((f) => f.type === type)) throw unprocessable({ type: ['taken'] });
  }
}
