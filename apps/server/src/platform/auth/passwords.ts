import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2, whose const enum cannot be imported under isolated modules.
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the address is unknown, so that both answers take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('unknown-account-placeholder');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
