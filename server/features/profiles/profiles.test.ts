import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, userAchievements, userStats, users } from '../../db/schema/index';
import { befriend, createUser, png, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { currentStreak } from '../achievements/streak';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface FilePart {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
function formData(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----shro${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function patchProfile(who: SignedInUser, fields: Record<string, string>, files: FilePart[] = []) {
  const body = formData(fields, files);
  return ctx.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
}

const userRow = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PATCH /api/profile', () => {
  it('needs a signed-in user', async () => {
    const body = formData({ firstName: 'X' });
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/profile', ...body });
    expect(response.statusCode).toBe(401);
  });

  it('updates username and names from multipart and returns the current user with email', async () => {
    const me = await createUser(ctx);
    const newName = `renamed_${randomUUID().slice(0, 6)}`;
    const response = await patchProfile(me, { username: ` ${newName} `, firstName: ' Ada ', lastName: 'Lovelace' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: me.id,
      username: newName,
      email: me.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      createdAt: me.createdAt.toISOString(),
      mustAcceptTerms: false,
      isModerator: false,
      locale: null,
    });
    expect(await userRow(me.id)).toMatchObject({ username: newName, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('clears a name sent empty and leaves missing fields alone; JSON works too', async () => {
    const me = await createUser(ctx);
    await patchProfile(me, { firstName: 'Grace', lastName: 'Hopper' });
    const cleared = await patchProfile(me, { firstName: '' });
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: 'Hopper', username: me.username });
    const json = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { lastName: 'H.' },
      headers: { cookie: me.cookie },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ firstName: null, lastName: 'H.' });
    const nothing = await patchProfile(me, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ lastName: 'H.' });
  });

  it('refuses a username taken in any case with 409 and changes nothing', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx, { username: `Taken_${randomUUID().slice(0, 6)}`, signedIn: false });
    const response = await patchProfile(me, { username: other.username.toLowerCase(), firstName: 'Changed' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username is already taken', code: expect.any(String) });
    expect(await userRow(me.id)).toMatchObject({ username: me.username, firstName: null });
  });

  it('lets you keep your own username in another case', async () => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, { username: me.username.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(me.username.toUpperCase());
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: '   ' }, 'Username must be at least 3 characters'],
    [{ username: 'x'.repeat(31) }, 'Username must be at most 30 characters'],
    [{ username: 'bad name!' }, 'Username may only contain letters, numbers, underscores and dots'],
    [{ firstName: 'a'.repeat(51) }, 'First name must be at most 50 characters'],
    [{ lastName: 'b'.repeat(51) }, 'Last name must be at most 50 characters'],
  ])('rejects bad input %# with 400 and changes nothing', async (fields, message) => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: expect.any(String) });
    expect(await userRow(me.id)).toMatchObject({ username: me.username, firstName: null, lastName: null });
  });

  it('stores the profile image as a 256×256 WebP avatar, public, and replaces the previous one', async () => {
    const me = await createUser(ctx);
    const first = await patchProfile(me, { firstName: 'Pic' }, [
      { name: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(640, 400) },
    ]);
    expect(first.statusCode).toBe(200);
    const url: string = first.json().profileImageUrl;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const key = url.split('/').pop()!;
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      ownerId: me.id,
      kind: 'avatar',
      contentType: 'image/webp',
      width: 256,
      height: 256,
    });
    const storage = ctx.app.uploadStorage;
    const bytes = await storage.read(key);
    const meta = await sharp(bytes!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // Visitors see the avatar URL on the public profile, and the image itself.
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${me.username}` });
    expect(publicProfile.json().profileImageUrl).toBe(url);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(bytes!)).toBe(true);

    const second = await patchProfile(me, {}, [
      {
        name: 'profileImage',
        filename: 'again.jpg',
        type: 'image/jpeg',
        data: await sharp(await png(300, 300))
          .jpeg()
          .toBuffer(),
      },
    ]);
    expect(second.statusCode).toBe(200);
    const newKey = second.json().profileImageUrl.split('/').pop();
    expect(newKey).not.toBe(key);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(0);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.read(newKey)).not.toBeNull();
  });

  it('treats an empty file part as "no new image"', async () => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, { firstName: 'NoPic' }, [
      { name: 'profileImage', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'NoPic', profileImageUrl: null });
  });

  it('refuses a file that is not an image by its content, whatever its claimed type, and changes nothing', async () => {
    const me = await createUser(ctx);
    const before = (await ctx.database.db.select().from(uploads)).length;
    const response = await patchProfile(me, { firstName: 'Nope' }, [
      { name: 'profileImage', filename: 'evil.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select an image file.', code: expect.any(String) });
    expect(await userRow(me.id)).toMatchObject({ firstName: null, profileImageUrl: null });
    expect((await ctx.database.db.select().from(uploads)).length).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, {}, [
      { name: 'profileImage', filename: 'big.png', type: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'File size too large. Please select a file under 5MB.',
      code: expect.any(String),
    });
  });

  it('keeps the username untouched when the image is refused', async () => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, { username: `fresh_${randomUUID().slice(0, 6)}` }, [
      { name: 'profileImage', filename: 'x.gif', type: 'image/gif', data: Buffer.from('GIF89a broken') },
    ]);
    expect(response.statusCode).toBe(400);
    expect((await userRow(me.id)).username).toBe(me.username);
  });

  it('removes the profile picture with removeProfileImage: the initial shows again, the file is gone', async () => {
    const me = await createUser(ctx);
    const withPicture = await patchProfile(me, {}, [
      { name: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(64, 64) },
    ]);
    const key = withPicture.json().profileImageUrl.split('/').pop();
    const storage = ctx.app.uploadStorage;
    expect(await storage.read(key)).not.toBeNull();

    const removed = await patchProfile(me, { removeProfileImage: 'true', firstName: 'Plain' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ firstName: 'Plain', profileImageUrl: null });
    expect(await userRow(me.id)).toMatchObject({ profileImageUrl: null });
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(0);
    expect(await storage.read(key)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}` })).statusCode).toBe(404);
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${me.username}` });
    expect(publicProfile.json().profileImageUrl).toBeNull();

    // Asking again, with no picture left, is harmless; JSON works too.
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { removeProfileImage: true },
      headers: { cookie: me.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().profileImageUrl).toBeNull();
  });

  it('a new image wins over removeProfileImage sent with it', async () => {
    const me = await createUser(ctx);
    const response = await patchProfile(me, { removeProfileImage: 'true' }, [
      { name: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(64, 64) },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImageUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
  });

  it('refuses a removeProfileImage that is not yes or no with 400, keeping the picture', async () => {
    const me = await createUser(ctx);
    const withPicture = await patchProfile(me, {}, [
      { name: 'profileImage', filename: 'me.png', type: 'image/png', data: await png(64, 64) },
    ]);
    const url = withPicture.json().profileImageUrl;
    const response = await patchProfile(me, { removeProfileImage: 'maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'removeProfileImage must be true or false', code: expect.any(String) });
    expect((await userRow(me.id)).profileImageUrl).toBe(url);
  });
});

describe('GET /api/users/profile/:username', () => {
  it('returns public fields only, found in any case, without signing in', async () => {
    const user = await createUser(ctx, { username: `Public_${randomUUID().slice(0, 6)}`, signedIn: false });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${user.username.toUpperCase()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      createdAt: user.createdAt.toISOString(),
    });
    expect(response.body).not.toMatch(/email|@example\.com|password|argon/i);
    const withAt = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/@${user.username}` });
    expect(withAt.json().id).toBe(user.id);
  });

  it('is 404 "User not found" for an unknown or absurd username', async () => {
    for (const name of ['nobody_at_all', 'x'.repeat(99), '%25', 'a%20b']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/users/profile/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found', code: expect.any(String) });
    }
  });
});

describe('GET /api/users/stats/:id and /api/stats', () => {
  it('answers zeros for a user without stats, and 404 for an unknown user', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/stats/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      shrosCreated: 0,
      shrosParticipated: 0,
      streakDays: 0,
      consecutiveCorrect: 0,
      correctGuesses: 0,
      totalParticipants: 0,
    });
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/users/stats/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
  });

  it('answers a malformed id like an unknown one: 404, never 400', async () => {
    for (const id of ['x'.repeat(65), '%20%20', ` ${'y'.repeat(70)} `.replaceAll(' ', '%20')]) {
      for (const url of [`/api/users/stats/${id}`, `/api/users/achievements/${id}`]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ message: 'User not found', code: expect.any(String) });
      }
    }
  });

  it('returns the six counters; a streak whose last day is long gone reads 0', async () => {
    const me = await createUser(ctx);
    const today = new Date().toISOString().slice(0, 10);
    await ctx.database.db.insert(userStats).values({
      userId: me.id,
      shrosCreated: 3,
      imageShrosCreated: 2,
      shrosParticipated: 4,
      streakDays: 5,
      lastActiveDay: today,
      consecutiveCorrect: 1,
      correctGuesses: 2,
      totalParticipants: 9,
      shares: 7,
    });
    const expected = {
      shrosCreated: 3,
      shrosParticipated: 4,
      streakDays: 5,
      consecutiveCorrect: 1,
      correctGuesses: 2,
      totalParticipants: 9,
    };
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/stats/${me.id}`,
      headers: { cookie: me.cookie },
    });
    expect(mine.json()).toEqual(expected);
    const own = await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: me.cookie } });
    expect(own.json()).toEqual(expected);
    // Others see only what public and link Shros add up to (public-stats.test.ts): here, nothing.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/stats/${me.id}` })).json()).toEqual({
      shrosCreated: 0,
      shrosParticipated: 0,
      streakDays: 0,
      consecutiveCorrect: 0,
      correctGuesses: 0,
      totalParticipants: 0,
    });

    await ctx.database.db.update(userStats).set({ lastActiveDay: '2020-01-01' }).where(eq(userStats.userId, me.id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: me.cookie } })).json()).toEqual(
      { ...expected, streakDays: 0 },
    );
  });

  it('/api/stats needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stats' })).statusCode).toBe(401);
  });
});

describe('currentStreak', () => {
  const now = new Date('2026-03-10T03:00:00Z');
  it('keeps a streak alive through today and yesterday, in the user’s zone', () => {
    expect(currentStreak(4, '2026-03-10', 'UTC', now)).toBe(4);
    expect(currentStreak(4, '2026-03-09', 'UTC', now)).toBe(4);
    expect(currentStreak(4, '2026-03-08', 'UTC', now)).toBe(0);
    // 03:00 UTC is still 9 March in New York: the 8th is "yesterday" there.
    expect(currentStreak(4, '2026-03-08', 'America/New_York', now)).toBe(4);
    expect(currentStreak(4, '2026-03-07', 'America/New_York', now)).toBe(0);
  });
  it('handles month starts, no activity and unknown zones', () => {
    expect(currentStreak(2, '2026-02-28', 'UTC', new Date('2026-03-01T12:00:00Z'))).toBe(2);
    expect(currentStreak(2, null, 'UTC', now)).toBe(0);
    expect(currentStreak(2, '2026-03-10', 'Not/AZone', now)).toBe(2);
  });
});

describe('GET /api/users/achievements/:id', () => {
  it("lists only the user's unlocked achievements with their catalogue entry", async () => {
    const user = await createUser(ctx, { signedIn: false });
    const other = await createUser(ctx, { signedIn: false });
    await ctx.database.db.insert(userAchievements).values([
      { userId: user.id, achievementId: 'first-shro', progress: 1, unlockedAt: new Date('2026-01-02T10:00:00Z') },
      { userId: user.id, achievementId: 'shro-master', progress: 4, unlockedAt: null },
      { userId: other.id, achievementId: 'curious-mind', progress: 1, unlockedAt: new Date() },
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/achievements/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: 'first-shro',
        isUnlocked: true,
        unlockedAt: '2026-01-02T10:00:00.000Z',
        progress: 1,
        achievement: {
          name: 'First Shro',
          description: 'Create your first Shro',
          icon: '🎁',
          rarity: 'common',
          category: 'creative',
          requirement: 1,
        },
      },
    ]);
  });

  it('answers [] for a user with none and 404 for an unknown user', async () => {
    const user = await createUser(ctx, { signedIn: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/achievements/${user.id}` })).json()).toEqual([]);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/users/achievements/nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: expect.any(String) });
  });
});

describe('privacy', () => {
  it('never shows an email in any response about another user', async () => {
    const viewer = await createUser(ctx);
    const subject = await createUser(ctx, { username: `subject_${randomUUID().slice(0, 6)}`, signedIn: false });
    await befriend(ctx, viewer, subject);
    const urls = [
      `/api/users/profile/${subject.username}`,
      `/api/users/stats/${subject.id}`,
      `/api/users/achievements/${subject.id}`,
      '/api/friends',
      `/api/friends/search?q=${subject.username}`,
      `/api/friends/status/${subject.id}`,
    ];
    for (const url of urls) {
      for (const headers of [{}, { cookie: viewer.cookie }]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.body).not.toContain(subject.email);
        expect(response.body).not.toMatch(/"email"/);
      }
    }
  });
});
