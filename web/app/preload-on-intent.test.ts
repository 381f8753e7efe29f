import { describe, expect, it, vi } from 'vitest';
import { inAppPathOf, preloadOnIntent } from './preload-on-intent';

const origin = 'https://shro.example';

/** A link as the DOM gives it: `closest` finds it from the element under the pointer. */
function link(href: string, attributes: { target?: string; download?: boolean } = {}) {
  const url = new URL(href, origin);
  const anchor = {
    origin: url.origin,
    pathname: url.pathname,
    target: attributes.target ?? '',
    hasAttribute: (name: string) => name === 'download' && Boolean(attributes.download),
  };
  // The element under the pointer: a span inside the link.
  return { closest: (selector: string) => (selector === 'a[href]' ? anchor : null) };
}

describe('inAppPathOf: the path of a link the router shows', () => {
  it('in-app links give their path, query and hash left out', () => {
    expect(inAppPathOf(link('/create') as never, origin)).toBe('/create');
    expect(inAppPathOf(link('/session/abc?from=home#top') as never, origin)).toBe('/session/abc');
    expect(inAppPathOf(link('/history', { target: '_self' }) as never, origin)).toBe('/history');
  });

  it('other sites, new tabs, downloads, the API, and anything that is not in a link give nothing', () => {
    expect(inAppPathOf(link('https://elsewhere.example/create') as never, origin)).toBeNull();
    expect(inAppPathOf(link('/terms', { target: '_blank' }) as never, origin)).toBeNull();
    expect(inAppPathOf(link('/api/account/export', { download: true }) as never, origin)).toBeNull();
    expect(inAppPathOf(link('/api/docs') as never, origin)).toBeNull();
    expect(inAppPathOf({ closest: () => null } as never, origin)).toBeNull();
    expect(inAppPathOf(null, origin)).toBeNull();
    // A text node or the window: no `closest`.
    expect(inAppPathOf({} as never, origin)).toBeNull();
  });
});

describe('preloadOnIntent', () => {
  it('preloads the path of each link reached for, not again while the intent stays on it; stops when asked', () => {
    const listeners = new Map<string, (event: Event) => void>();
    const root = {
      addEventListener: vi.fn((type: string, listener: (event: Event) => void) => listeners.set(type, listener)),
      removeEventListener: vi.fn((type: string) => listeners.delete(type)),
    };
    const preload = vi.fn();
    const stop = preloadOnIntent(root as never, origin, preload);
    expect([...listeners.keys()].sort()).toEqual(['focusin', 'pointerdown', 'pointerover', 'touchstart']);
    // Capture and passive: seen before any handler stops it, and never delays scrolling.
    expect(root.addEventListener).toHaveBeenCalledWith('touchstart', expect.any(Function), {
      capture: true,
      passive: true,
    });

    const fire = (type: string, target: unknown) => listeners.get(type)!({ target } as unknown as Event);
    fire('pointerover', link('/create'));
    fire('pointerdown', link('/create'));
    fire('touchstart', link('/explore'));
    fire('focusin', link('https://elsewhere.example/x'));
    // Back on a link reached for before: asked again (the page to load may have changed, say after signing in).
    fire('pointerover', link('/create'));
    expect(preload.mock.calls).toEqual([['/create'], ['/explore'], ['/create']]);

    stop();
    expect(listeners.size).toBe(0);
  });
});
