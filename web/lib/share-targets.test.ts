import { describe, expect, it } from 'vitest';
import { messengerWeb, shareTargets } from './share-targets';

const link = 'https://shro.example/session/abc-123';
const text = 'Open one of my mystery boxes: "Tacos & more?" on Shro';

describe('shareTargets', () => {
  it('offers every app of issue 13 plus the spec’s Facebook and Twitter, each carrying the encoded link', () => {
    const targets = shareTargets(link, text, 'A Shro for you', true);
    expect(targets.map((t) => t.target)).toEqual([
      'whatsapp',
      'telegram',
      'messenger',
      'sms',
      'email',
      'x',
      'facebook',
    ]);
    for (const target of targets) expect(target.href).toContain(encodeURIComponent(link));
    const byTarget = Object.fromEntries(targets.map((t) => [t.target, t]));
    expect(byTarget.whatsapp!.href).toBe(`https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`);
    expect(byTarget.sms!.href.startsWith('sms:?&body=')).toBe(true);
    expect(new URL(byTarget.email!.href.replace('mailto:', 'mailto://x')).searchParams.get('subject')).toBe(
      'A Shro for you',
    );
    expect(byTarget.x!.label).toBe('X (Twitter)');
    expect(byTarget.messenger!.href).toBe(`fb-messenger://share/?link=${encodeURIComponent(link)}`);
    // A title with "&" cannot break out of its parameter.
    expect(new URL(byTarget.telegram!.href).searchParams.get('text')).toBe(text);
  });

  it('sends desktop Messenger users to messenger.com (no web share page without an app id)', () => {
    const messenger = shareTargets(link, text, 's', false).find((t) => t.target === 'messenger')!;
    expect(messenger).toMatchObject({ href: messengerWeb, window: true });
  });
});
