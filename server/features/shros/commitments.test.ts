import { describe, expect, it } from 'vitest';
import {
  boxCommitment,
  type CommittedBoxContent,
  canonicalBoxContent,
  committedContentOf,
  verifyBox,
  verifyWinning,
  winningCommitmentOf,
} from '../../../contract/commitment';
import { commitBox, commitWinningPosition, newSalt } from './commitments';

const samples: CommittedBoxContent[] = [
  {
    position: 1,
    label: 'Option A',
    textContent: 'Pizza 🍕 "quoted" \\ back',
    category: null,
    tmdbId: null,
    imageSha256: null,
    imageUrl: null,
  },
  {
    position: 2,
    label: 'Inception',
    textContent: null,
    category: null,
    tmdbId: 27205,
    imageSha256: null,
    imageUrl: 'https://image.tmdb.org/t/p/w500/abc.jpg',
  },
  {
    position: 3,
    label: 'Box 3',
    textContent: null,
    category: null,
    tmdbId: null,
    imageSha256: 'ab'.repeat(32),
    imageUrl: null,
  },
  { position: 4, label: null, textContent: null, category: null, tmdbId: null, imageSha256: null, imageUrl: null },
  {
    position: 1,
    label: 'Nando’s',
    textContent: 'Nando’s',
    category: 'Casual Dining',
    tmdbId: null,
    imageSha256: null,
    imageUrl: null,
  },
];

describe('box commitments', () => {
  it('server (node:crypto) and contract (Web Crypto) compute the same hash', async () => {
    for (const content of samples) {
      const salt = newSalt();
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      expect(await boxCommitment(salt, content)).toBe(commitBox(salt, content));
    }
    for (const position of [1, 2, 3, 4, null]) {
      const salt = newSalt();
      expect(await winningCommitmentOf(salt, position)).toBe(commitWinningPosition(salt, position));
    }
  });

  it('pins the canonical string so a change is never silent', () => {
    expect(canonicalBoxContent(samples[0]!)).toBe(
      '[["position",1],["label","Option A"],["textContent","Pizza 🍕 \\"quoted\\" \\\\ back"],["category",null],["tmdbId",null],["imageSha256",null],["imageUrl",null]]',
    );
  });

  it('matches a known SHA-256 vector', async () => {
    // sha256("00000000000000000000000000000000none")
    const salt = '0'.repeat(32);
    const expected = 'a2c3e9cf059679823fde312b1888c2a8714521ec67386e160a46d097e4492d5e';
    expect(await winningCommitmentOf(salt, null)).toBe(expected);
    expect(commitWinningPosition(salt, null)).toBe(expected);
  });

  it('any change of content, position or salt changes the commitment', async () => {
    const salt = newSalt();
    const base = await boxCommitment(salt, samples[0]!);
    expect(await boxCommitment(salt, { ...samples[0]!, textContent: 'Pizza' })).not.toBe(base);
    expect(await boxCommitment(salt, { ...samples[0]!, position: 2 })).not.toBe(base);
    expect(await boxCommitment(newSalt(), samples[0]!)).not.toBe(base);
  });

  it('verifies a box of the session JSON, binding an uploaded image by its hash and not its URL', async () => {
    const salt = newSalt();
    const content = samples[2]!;
    const box = {
      position: 3,
      label: 'Box 3',
      textContent: null,
      category: null,
      tmdbData: null,
      imageUrl: '/api/uploads/0123456789abcdef0123456789abcdef',
      imageSha256: content.imageSha256,
      salt,
      commitment: commitBox(salt, content),
    };
    expect(committedContentOf(box)).toEqual(content);
    expect(await verifyBox(box)).toBe(true);
    expect(await verifyBox({ ...box, label: 'Box 4' })).toBe(false);
    expect(await verifyBox({ ...box, salt: null })).toBe(false);
  });

  it('verifies the winning position', async () => {
    const salt = newSalt();
    const winningCommitment = commitWinningPosition(salt, 2);
    expect(await verifyWinning({ winningCommitment, winningSalt: salt, winningBoxPosition: 2 })).toBe(true);
    expect(await verifyWinning({ winningCommitment, winningSalt: salt, winningBoxPosition: 3 })).toBe(false);
    expect(await verifyWinning({ winningCommitment, winningSalt: null, winningBoxPosition: 2 })).toBe(false);
  });
});
