import type { FastifyInstance } from 'fastify';
import { assertNotLimited } from '../../plugins/rate-limit';

/**
 * Runs a password check counted like a login (decision 102), so no form that asks for a password
 * guesses it faster than the login form: refused with 429 while the IP or the username has no
 * failures left; a failed check costs one of each, a passed one clears the username's count.
 */
export async function limitPasswordAttempts<T>(
  limiters: Pick<FastifyInstance['limiters'], 'loginByIp' | 'loginByUsername'>,
  attempt: { ip: string; username: string },
  check: () => Promise<T>,
): Promise<T> {
  const usernameKey = attempt.username.toLowerCase();
  await assertNotLimited(limiters.loginByIp, attempt.ip);
  await assertNotLimited(limiters.loginByUsername, usernameKey);
  let passed: T;
  try {
    passed = await check();
  } catch (error) {
    await Promise.all([
      limiters.loginByIp.penalty(attempt.ip).catch(() => {}),
      limiters.loginByUsername.penalty(usernameKey).catch(() => {}),
    ]);
    throw error;
  }
  await limiters.loginByUsername.delete(usernameKey).catch(() => {});
  return passed;
}
