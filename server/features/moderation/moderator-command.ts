import type { Db } from '../../db/client';
import { findUserByUsername } from '../auth/queries';
import { grantModerator, listGrantedModerators, revokeModerator } from './queries';

export const MODERATOR_COMMAND_USAGE = 'Usage: npm run moderator -- add NAME | remove NAME | list';

/**
 * `npm run moderator -- add NAME` / `remove NAME` / `list` (scripts/moderator.ts): grants or takes
 * back the moderator role in the configured database. Returns what to print; throws with a
 * message for a wrong call or an unknown user.
 */
export async function runModeratorCommand(db: Db, args: string[]): Promise<string> {
  const [verb, name, ...rest] = args;
  if (verb === 'list' && name === undefined) {
    const names = await listGrantedModerators(db);
    return names.length ? names.join('\n') : 'No moderators granted by command (MODERATOR_USERNAMES may name more).';
  }
  if ((verb !== 'add' && verb !== 'remove') || !name || rest.length > 0) throw new Error(MODERATOR_COMMAND_USAGE);
  const user = await findUserByUsername(db, name);
  if (!user) throw new Error(`No user named "${name}"`);
  if (verb === 'add') {
    await grantModerator(db, user.id);
    return `@${user.username} is a moderator.`;
  }
  const removed = await revokeModerator(db, user.id);
  return removed
    ? `@${user.username} is no longer a moderator (unless MODERATOR_USERNAMES names them).`
    : `@${user.username} was not a moderator granted by command.`;
}
