/**
 * Grants or takes back the moderator role in the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR): `npm run moderator -- add NAME`, `remove NAME`, `list`.
 * Users named in MODERATOR_USERNAMES are moderators as well, without this.
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runModeratorCommand } from '../server/features/moderation/moderator-command';

const config = loadConfig();
if (config.dataDir === ':memory:' && !config.databaseUrl) {
  console.error('DATA_DIR=:memory: is a throw-away database: there is nothing to grant a role in.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  console.log(await runModeratorCommand(database.db, process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
