import { describe, expect, it } from 'vitest';
import { sessionPartsOf } from './session-parts';

const box = (salt: string | null) => ({ salt });

describe('sessionPartsOf: the parts of a Shro page a viewer is shown (decision 151)', () => {
  it('a visitor, or data that is no Shro view: none', () => {
    expect(sessionPartsOf({ viewerRole: 'visitor', boxes: [box('s')] })).toBeUndefined();
    for (const data of [null, undefined, 'text', 7, [], {}, { viewerRole: 3 }])
      expect(sessionPartsOf(data)).toBeUndefined();
  });

  it('a participant: the game and the member actions; the opened box once a box is open', () => {
    const closed = { viewerRole: 'participant', hasSelected: false, isPublic: true, boxes: [box(null), box(null)] };
    expect(sessionPartsOf(closed)).toEqual(['shro-view', 'session-member-actions']);
    expect(sessionPartsOf({ ...closed, hasSelected: true })).toEqual([
      'shro-view',
      'session-member-actions',
      'opened-box',
    ]);
    // Revealed: every box carries its salt.
    expect(sessionPartsOf({ ...closed, boxes: [box('a'), box('b')] })).toEqual([
      'shro-view',
      'session-member-actions',
      'opened-box',
    ]);
  });

  it('the creator: the board, and on a public Shro the note on why it may be off Explore', () => {
    const own = { viewerRole: 'creator', hasSelected: false, isPublic: false, boxes: [box(null)] };
    expect(sessionPartsOf(own)).toEqual(['shro-view', 'session-member-actions', 'creator-board']);
    expect(sessionPartsOf({ ...own, isPublic: true })).toEqual([
      'shro-view',
      'session-member-actions',
      'creator-board',
      'moderation-note',
    ]);
  });
});
