import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { BACKUP_CODE_COUNT, BACKUP_CODE_DIGITS, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@agora/contracts';
import { safeEqual } from '../../platform/auth/tokens.ts';

/** Codes of the step before and after the current one are taken too (a clock a little off). */
const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

/**
 * The keys of two-factor authentication, derived from the server's session secret (HKDF), so
 * that a copy of the database alone neither reveals the authenticator secrets nor lets anyone
 * try codes against their hashes.
 */
export function createTwoFactorSecrets(sessionSecret: string) {
  const key = (info: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(sessionSecret, 'utf8'), Buffer.alloc(0), info, 32));
  const encryptionKey = key('agora two-factor secrets');
  const codeKey = key('agora two-factor codes');

  return {
    /** AES-256-GCM: iv, tag and ciphertext, base64url, joined by dots. */
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(stored: string): string {
      const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !ciphertext) throw new Error('malformed two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    /** A code's keyed hash, as stored for e-mailed and backup codes. */
    hashCode(code: string): string {
      return createHmac('sha256', codeKey).update(code).digest('hex');
    },
  };
}

export type TwoFactorSecrets = ReturnType<typeof createTwoFactorSecrets>;

/** A new authenticator secret, base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

export function totpFor(secret: string, issuer = '', label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A secret as a member sends it back: the key itself (spaces ignored, any case) or the URI. */
export function secretFrom(input: { secret_key?: string | undefined; provisioning_uri?: string | undefined }) {
  try {
    if (input.secret_key) {
      const secret = input.secret_key.replace(/\s/g, '').toUpperCase();
      if (!/^[A-Z2-7]{16,128}=*$/.test(secret)) return null;
      return OTPAuth.Secret.fromBase32(secret).base32;
    }
    if (input.provisioning_uri) {
      const parsed = OTPAuth.URI.parse(input.provisioning_uri);
      if (!(parsed instanceof OTPAuth.TOTP)) return null;
      const base32 = parsed.secret.base32;
      return base32.length >= 16 ? base32 : null;
    }
  } catch {
    // Not a key or URI an authenticator app could read.
  }
  return null;
}

/**
 * The time step a code belongs to (within the window around now), or null. Each candidate is
 * compared in constant time.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secret);
  let found: number | null = null;
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    const timestamp = now + delta * TOTP_PERIOD_SECONDS * 1000;
    if (safeEqual(totp.generate({ timestamp }), code) && found === null) found = totp.counter({ timestamp });
  }
  return found;
}

/** A random code of that many digits (leading zeros kept). */
export function randomDigits(digits: number): string {
  let code = '';
  for (let i = 0; i < digits; i++) code += String(randomInt(10));
  return code;
}

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => randomDigits(BACKUP_CODE_DIGITS));
}
