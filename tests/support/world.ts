import type { Shro } from '../../contract/shro-views';
import { friendRequests, messages, notifications } from '../../server/db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  makeModerator,
  pickBox,
  png,
  type SignedInUser,
} from '../../server/test/factories';
import type { TestContext } from '../../server/test/test-app';

/**
 * A small, complete world for authorization checks, built straight in the database where that is
 * enough and through the API where the app has to do the work (Shros, images, commitments).
 *
 * - `owner` and `friend` are friends; `owner` sent `friend` a private image Shro, a private text
 *   Shro, made a link Shro and a public Shro; `friend` opened box 1 of the private image Shro.
 * - `stranger` is signed in and related to nobody; `requester` has a pending request to `owner`.
 * - `owner` has an unread notification; `friend` and `owner` have exchanged a chat message.
 * - `blocked` was the owner's friend and a recipient of both private Shros (opened box 1 of the
 *   image one, like `friend`), sent the owner a chat message, and was then blocked by the owner
 *   through the API (which ended the friendship).
 * - `moderator` is a moderator related to nobody.
 */
export interface World {
  owner: SignedInUser;
  friend: SignedInUser;
  stranger: SignedInUser;
  requester: SignedInUser;
  /** Blocked by the owner after having been their friend and a recipient (see above). */
  blocked: SignedInUser;
  /** A moderator, related to nobody. */
  moderator: SignedInUser;
  privateImage: Shro;
  /** The private image Shro as `friend` sees it after opening box 1. */
  friendView: Shro;
  /** Upload keys of the private image Shro: the one `friend` opened and one nobody opened. */
  openedImageKey: string;
  unopenedImageKey: string;
  privateText: Shro;
  link: Shro;
  publicShro: Shro;
  ownerNotificationId: number;
  messageId: number;
}

const keyOf = (imageUrl: string | null) => {
  const match = /^\/api\/uploads\/([0-9a-f]{32})$/.exec(imageUrl ?? '');
  if (!match) throw new Error(`not an upload URL: ${imageUrl}`);
  return match[1]!;
};

/** Builds the world described on `World`. About a quarter of a second on PGlite. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const [owner, friend, stranger, requester, blocked, moderator] = await Promise.all([
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
  ]);
  await befriend(ctx, owner, friend);
  await befriend(ctx, owner, blocked);
  await makeModerator(ctx, moderator);
  await ctx.database.db.insert(friendRequests).values({ fromUserId: requester.id, toUserId: owner.id });

  const images = await Promise.all([png(48, 48, { r: 200, g: 30, b: 30 }), png(48, 48, { r: 30, g: 200, b: 30 })]);
  const privateImage = await createShro(
    ctx,
    owner.cookie,
    { title: 'Which jacket?', isShareable: false, recipients: [friend.id, blocked.id], winningBoxPosition: 2 },
    images,
  );
  const box1 = privateImage.boxes.find((b) => b.position === 1)!;
  const box2 = privateImage.boxes.find((b) => b.position === 2)!;
  const friendView = await pickBox(ctx, friend.cookie, privateImage, 1);
  await pickBox(ctx, blocked.cookie, privateImage, 1);
  const privateText = await createShro(ctx, owner.cookie, {
    title: 'Dinner?',
    isShareable: false,
    recipients: [friend.id, blocked.id],
  });
  const link = await createShro(ctx, owner.cookie, { title: 'Link one', isShareable: true });
  const publicShro = await createShro(ctx, owner.cookie, {
    title: 'Public one',
    isShareable: false,
    isPublic: true,
    hashtags: 'food',
  });

  const [note] = await ctx.database.db
    .insert(notifications)
    .values({ userId: owner.id, type: 'friend_request', title: 'Hello', message: 'A test notification' })
    .returning();
  const [message] = await ctx.database.db
    .insert(messages)
    .values({ senderId: friend.id, recipientId: owner.id, content: 'hi owner' })
    .returning();
  await ctx.database.db
    .insert(messages)
    .values({ senderId: blocked.id, recipientId: owner.id, content: 'hi from the blocked one' });
  // Through the API, so the block ends the friendship as it does for real.
  const blocking = await ctx.app.inject({
    method: 'POST',
    url: `/api/blocks/${blocked.id}`,
    headers: { cookie: owner.cookie },
  });
  if (blocking.statusCode !== 200)
    throw new Error(`buildWorld: block answered ${blocking.statusCode} ${blocking.body}`);

  return {
    owner,
    friend,
    stranger,
    requester,
    blocked,
    moderator,
    privateImage,
    friendView,
    openedImageKey: keyOf(box1.imageUrl),
    unopenedImageKey: keyOf(box2.imageUrl),
    privateText,
    link,
    publicShro,
    ownerNotificationId: note!.id,
    messageId: message!.id,
  };
}
