import { hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, parallelism 1. */
const argon2Options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes with a fresh random salt; the PHC string carries the parameters and the salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password in constant time. With no stored hash (unknown user) it still verifies
 * against a dummy hash, so the response time does not tell who has an account.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password for unknown users');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Computes the dummy hash ahead of the first login so the first unknown-user login is not faster. */
export function warmUpPasswordHashing(): void {
  dummyHash ??= hashPassword('dummy password for unknown users');
}
