/**
 * Checkable reveal (docs/product.md §4 "Checkable reveal"): the server publishes, at creation, a
 * commitment per box and one for the winning box. Opening a box hands out that box's content and
 * salt; anyone can then recompute the hash here and compare it with the commitment they saw
 * before picking. Only the Web Crypto API is used so the browser runs the very same code.
 *
 *   commitment        = hex(SHA-256(UTF-8(salt ‖ canonicalBoxContent(box))))
 *   winningCommitment = hex(SHA-256(UTF-8(winningSalt ‖ String(winningBoxPosition ?? 'none'))))
 *
 * `salt` is 16 random bytes written as 32 lower-case hex characters, fresh for every box.
 */

/** The parts of a box that a commitment fixes. Nothing here may change after creation. */
export interface CommittedBoxContent {
  position: number;
  label: string | null;
  textContent: string | null;
  /** Restaurant category. */
  category: string | null;
  /** Movie/TV id from `tmdbData.id`. */
  tmdbId: number | null;
  /** SHA-256 (hex) of the stored image bytes, for uploaded images. */
  imageSha256: string | null;
  /** A remote poster URL (movie/TV), when the image is not an upload. */
  imageUrl: string | null;
}

/** The box fields of the session JSON that the verifier needs (see contract/shros.ts ShroBox). */
export interface VerifiableBox {
  position: number;
  label: string | null;
  textContent: string | null;
  category: string | null;
  tmdbData: { id: number } | null;
  imageUrl: string | null;
  imageSha256: string | null;
}

/**
 * The stable string that is hashed: JSON with a fixed key order and `null` for absent parts.
 * Key order is spelled out rather than left to object construction so it can never drift.
 */
export function canonicalBoxContent(content: CommittedBoxContent): string {
  return JSON.stringify([
    ['position', content.position],
    ['label', content.label],
    ['textContent', content.textContent],
    ['category', content.category],
    ['tmdbId', content.tmdbId],
    ['imageSha256', content.imageSha256],
    ['imageUrl', content.imageUrl],
  ]);
}

/** What the commitment covers, read back from a box of the session JSON. */
export function committedContentOf(box: VerifiableBox): CommittedBoxContent {
  return {
    position: box.position,
    label: box.label,
    textContent: box.textContent,
    category: box.category,
    tmdbId: box.tmdbData?.id ?? null,
    imageSha256: box.imageSha256,
    // An uploaded image is bound by its bytes; its URL is only where to fetch them.
    imageUrl: box.imageSha256 ? null : box.imageUrl,
  };
}

/** Canonical string of the winning-box position (`'none'` when the creator set none). */
export function canonicalWinningPosition(position: number | null): string {
  return String(position ?? 'none');
}

/** Lower-case hex SHA-256 of a UTF-8 string, with Web Crypto (browser and Node ≥ 20). */
async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The commitment of one box. */
export function boxCommitment(salt: string, content: CommittedBoxContent): Promise<string> {
  return sha256Hex(salt + canonicalBoxContent(content));
}

/** The commitment of the winning-box position. */
export function winningCommitmentOf(salt: string, position: number | null): Promise<string> {
  return sha256Hex(salt + canonicalWinningPosition(position));
}

/** True when an opened box (with its `salt`) matches the commitment published before the pick. */
export async function verifyBox(box: VerifiableBox & { salt: string | null; commitment: string }): Promise<boolean> {
  if (!box.salt) return false;
  return (await boxCommitment(box.salt, committedContentOf(box))) === box.commitment;
}

/** True when the revealed winning position and salt match the session's `winningCommitment`. */
export async function verifyWinning(session: {
  winningCommitment: string;
  winningSalt: string | null;
  winningBoxPosition: number | null;
}): Promise<boolean> {
  if (!session.winningSalt) return false;
  return (await winningCommitmentOf(session.winningSalt, session.winningBoxPosition)) === session.winningCommitment;
}
