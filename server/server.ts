import { buildApp } from './app';
import { loadConfig } from './config';
import { compileEmbeddedDatabaseOptimised, openDatabase } from './db/client';

const config = loadConfig();
if (!config.databaseUrl) compileEmbeddedDatabaseOptimised();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // close() stops accepting, lets in-flight requests finish, then runs onClose hooks (db, redis).
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl
  ? 'PostgreSQL'
  : config.dataDir === ':memory:'
    ? 'in-memory PGlite'
    : `PGlite in ${config.dataDir}`;
app.log.info(`Shro is listening on http://localhost:${config.port} (${where})`);
