import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { insertUsers, insertShroWithParticipants } from '../bench/seed';
import { recordPick } from '../server/features/shros/queries';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgprep-'));
const database = await openDatabase({ dataDir: dir, databaseUrl: undefined, poolSize: 1 } as never);
const db = database.db;
const [creator] = await insertUsers(db, 1, 'c');
const pickers = await insertUsers(db, 3000, 'p');
const shro = await insertShroWithParticipants(db, creator!, { isShareable: true, isPublic: true }, []);
const client = (db as any).$client ?? (db as any).session?.client ?? (db as any)._.session.client;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let i = 0;
async function drizzleWay(n: number) {
  const t = cpu();
  for (let k = 0; k < n; k++, i++) {
    const r = await recordPick(db, { shroId: shro.id, userId: pickers[i]!.id, boxId: shro.boxIds[0]!, isCorrect: false, createdAt: new Date() }, { creatorId: creator!.id, payload: { x: 1 }, firstPrivatePick: false });
    if (!('outboxId' in r)) throw new Error('refused');
  }
  return (cpu() - t) / n;
}
// the same statement text, PREPAREd once
const { PgDialect } = await import('drizzle-orm/pg-core');
const text = (await import('../server/features/shros/queries')) as any;
async function prepWay(n: number) {
  const t = cpu();
  for (let k = 0; k < n; k++, i++) {
    const q = (v: unknown) => `'${String(v).replace(/'/g, "''")}'`;
    const r = await client.query(`execute record_pick_x(${[creator!.id, pickers[i]!.id, shro.id, shro.boxIds[0]!, false, new Date().toISOString(), JSON.stringify({ x: 1 })].map(q).join(', ')})`);
    if (!r.rows[0]?.id) throw new Error('refused ' + JSON.stringify(r.rows));
  }
  return (cpu() - t) / n;
}
await (client.exec as any)(`prepare record_pick_x(text, text, text, integer, boolean, text, text) as
    with blocked as (select exists (select 1 from user_blocks where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)) as yes),
    picked as (
      insert into participations (shro_id, user_id, box_id, is_correct, created_at)
      select $3, $2, $4, $5, $6::timestamptz
      where not (select yes from blocked)
      on conflict (shro_id, user_id) do nothing
      returning id),
    queued as (
      insert into outbox (kind, shro_id, payload)
      select 'shro.pick', $3, $7::jsonb from picked
      returning id)
    select (select yes from blocked) as blocked, (select id from queued) as id`);
for (let round = 0; round < 3; round++) {
  console.log('drizzle', (await drizzleWay(400)).toFixed(3), 'ms; prepare/execute', (await prepWay(400)).toFixed(3), 'ms');
}
const st = await client.query('select name, left(regexp_replace(statement, \'\\s+\', \' \', \'g\'), 80) as s, generic_plans, custom_plans from pg_prepared_statements where statement not like \'execute%\'');
console.table(st.rows);
await database.close();
