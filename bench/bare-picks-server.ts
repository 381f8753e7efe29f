/**
 * The floor of the picks (section 3), as a forked child pinned like the app: a bare `node:http`
 * server on PostgreSQL that, for each POST, does only what a pick cannot do without: it reads the
 * signed-in user by the cookie's session (the app's own statement: one round trip) and writes the
 * participation and its outbox row (one statement, as the app's pick does), then answers a small
 * JSON body. No framework, no checks, no batch of effects, no view. It writes into tables of its
 * own, shaped like the app's (`like … including all`, so their ids come from the app's
 * sequences), and leaves the app's rows alone.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

// As many connections as the app's pool (server/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const shroId = process.env.BENCH_SHRO_ID ?? '';

const sessionUser = {
  name: 'floor_session_user',
  text: `select u.id, u.username from auth_sessions s join users u on u.id = s.user_id
    where s.id = $1 and s.expires_at > now() limit 1`,
};
const pick = {
  name: 'floor_pick',
  text: `with picked as (
      insert into bench_floor_picks (shro_id, user_id, box_id, created_at) values ($1, $2, $3, now())
      on conflict (shro_id, user_id) do nothing returning id),
    queued as (insert into bench_floor_outbox (kind, shro_id, payload) select 'shro.pick', $1, $4::jsonb from picked returning id)
    select (select id from queued) as id`,
};

async function answer(body: string, cookie: string): Promise<[number, string]> {
  const { boxId } = JSON.parse(body) as { boxId: number };
  // The cookie is `shro_sid=<token>.<signature>`; the session's id is the token's SHA-256.
  const raw = /(?:^|;\s*)shro_sid=([^;]+)/.exec(cookie)?.[1] ?? '';
  const unsigned = decodeURIComponent(raw);
  const token = unsigned.slice(0, Math.max(unsigned.lastIndexOf('.'), 0));
  const sessionId = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ ...sessionUser, values: [sessionId] });
  const user = rows[0] as { id: string; username: string } | undefined;
  if (!user) return [401, '{"message":"Unauthorized"}'];
  const payload = JSON.stringify({ userId: user.id, username: user.username, boxId, at: new Date().toISOString() });
  const written = await pool.query({ ...pick, values: [shroId, user.id, boxId, payload] });
  if (written.rows[0]?.id == null) return [409, '{"message":"Already picked"}'];
  return [200, JSON.stringify({ id: shroId, selectedBoxId: boxId, outboxId: Number(written.rows[0].id) })];
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    answer(Buffer.concat(chunks).toString(), req.headers.cookie ?? '').then(
      ([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: String(error) }));
      },
    );
  });
});
server.keepAliveTimeout = 60_000;

await pool.query(`create table if not exists bench_floor_picks (like participations including all);
  create table if not exists bench_floor_outbox (like outbox including all)`);
server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: true, port: (server.address() as AddressInfo).port, seed: null });
});
process.on('message', (message: { id: number }) => process.send?.({ id: message.id, result: null }));
process.on('disconnect', () => {
  void pool.end().finally(() => process.exit(0));
});
