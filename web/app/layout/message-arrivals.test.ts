import type { PublicUser } from '@contract/auth';
import type { Conversation } from '@contract/chat';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { arrivalToastText, marksOf, messageArrivals, previewText, readDown } from './message-arrivals';

const ME = 'me';
/** English, compiled from the messages the code keeps: unit tests run without catalogs (decision 169). */
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
i18n.setMessagesCompiler(compileMessage);
const person = (id: string): PublicUser => ({ id, username: id }) as PublicUser;

/** A conversation with `id` whose last message (id `lastId`) came from them unless `mine`. */
function conversation(id: string, lastId: number, unreadCount: number, content = `hi from ${id}`, mine = false) {
  return {
    user: person(id),
    lastMessage: {
      id: lastId,
      createdAt: new Date(lastId * 1000).toISOString(),
      messageType: 'plain',
      content,
      senderId: mine ? ME : id,
    },
    unreadCount,
  } satisfies Conversation;
}

const summary = (arrivals: ReturnType<typeof messageArrivals>) => arrivals.map((a) => [a.user.id, a.count]);

describe('messageArrivals', () => {
  it('announces nothing on the first look without a rise: what was unread when the tab opened is old', () => {
    expect(messageArrivals([conversation('ana', 5, 2)], null, 0, i18n)).toEqual([]);
  });

  it('on the first look, gives the rise to the newest unread conversations', () => {
    const list = [conversation('bob', 3, 4), conversation('ana', 9, 1), conversation('cy', 7, 2)];
    expect(summary(messageArrivals(list, null, 1, i18n))).toEqual([['ana', 1]]);
    expect(summary(messageArrivals(list, null, 2, i18n))).toEqual([
      ['ana', 1],
      ['cy', 1],
    ]);
  });

  it('after a look, only conversations with a newer message from them, counted by their unread count', () => {
    const before = marksOf([conversation('ana', 5, 1), conversation('bob', 6, 0, 'mine', true)]);
    const after = [conversation('ana', 8, 3, 'third'), conversation('bob', 7, 0, 'still mine', true)];
    const [arrival, ...more] = messageArrivals(after, before, 2, i18n);
    expect(more).toEqual([]);
    expect(arrival).toMatchObject({ user: { id: 'ana' }, count: 2, preview: 'third', newestId: 8 });
  });

  it('counts in full after a read the marks did not see, once the fall of the unread count is applied', () => {
    const before = marksOf([conversation('ana', 5, 2)]);
    // She read the two elsewhere (the unread count fell to 0), then three more came.
    expect(summary(messageArrivals([conversation('ana', 9, 3)], readDown(before, 0), 0, i18n))).toEqual([['ana', 3]]);
    // Without the fall, at least the one newest message is announced, never more than arrived.
    expect(summary(messageArrivals([conversation('ana', 9, 3)], before, 0, i18n))).toEqual([['ana', 1]]);
  });

  it('a rise already seen by an earlier look is not counted again', () => {
    const first = marksOf([conversation('ana', 3, 3)]);
    expect(summary(messageArrivals([conversation('ana', 4, 4)], first, 2, i18n))).toEqual([['ana', 1]]);
  });

  it('the same message is never announced twice', () => {
    const list = [conversation('ana', 8, 1)];
    const before = marksOf(list);
    expect(messageArrivals(list, before, 0, i18n)).toEqual([]);
    expect(messageArrivals(list, before, 1, i18n)).toEqual([]);
  });

  it('a conversation back after an unblock or a delete is news only if its message is newer than all seen', () => {
    const before = marksOf([conversation('ana', 10, 0, 'x', true)]);
    expect(
      messageArrivals([conversation('old', 4, 1), conversation('ana', 10, 0, 'x', true)], before, 0, i18n),
    ).toEqual([]);
    expect(summary(messageArrivals([conversation('new', 11, 1)], before, 1, i18n))).toEqual([['new', 1]]);
  });
});

describe('the toast text', () => {
  const arrival = (id: string, count: number, preview = `hi from ${id}`) => ({
    user: person(id),
    count,
    preview,
    newestId: 1,
  });

  it('names the sender and the start of one message', () => {
    expect(arrivalToastText([arrival('ana', 1, 'Are you coming?')], i18n)).toEqual({
      title: 'New message',
      description: '@ana: Are you coming?',
    });
  });

  it('groups several from one person, and several people', () => {
    expect(arrivalToastText([arrival('ana', 3, 'third')], i18n).title).toBe('3 new messages from @ana');
    expect(arrivalToastText([arrival('ana', 2), arrival('bob', 1)], i18n)).toEqual({
      title: '3 new messages',
      description: 'From @ana and @bob',
    });
    expect(
      arrivalToastText(
        ['a', 'b', 'c', 'd'].map((id) => arrival(id, 1)),
        i18n,
      ).description,
    ).toBe('From @a, @b and 2 others');
  });

  it('shortens long text at a word, on one line, and never shows a shared Shro as text', () => {
    const long = conversation(
      'ana',
      1,
      1,
      'Are you coming tonight?\nWe meet at eight at the corner of the old market square',
    );
    const text = previewText(long.lastMessage, i18n);
    expect(text).toBe('Are you coming tonight? We meet at eight at the corner of…');
    expect(text.length).toBeLessThanOrEqual(60);
    expect(previewText({ ...long.lastMessage, messageType: 'shro_share', content: '<b>x</b>' }, i18n)).toMatch(
      /^🎁 Sent a /,
    );
  });
});
