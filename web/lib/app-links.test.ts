import { describe, expect, it } from 'vitest';
import { appLinkPath } from './app-links';

const host = 'shro.test';

describe('appLinkPath', () => {
  it.each([
    ['https://shro.test/session/abc123', '/session/abc123'],
    ['https://shro.test/session/abc123?ref=share#boxes', '/session/abc123?ref=share#boxes'],
    ['https://shro.test/invite/tok_9', '/invite/tok_9'],
    ['https://shro.test/@maya', '/@maya'],
  ])('opens %s at %s', (url, path) => {
    expect(appLinkPath(url, host)).toBe(path);
  });

  it.each([
    ['another host', 'https://evil.example/session/abc123'],
    ['a look-alike host', 'https://shro.test.evil.example/session/abc123'],
    ['plain http', 'http://shro.test/session/abc123'],
    ['a custom scheme', 'app.shro.mobile://session/abc123'],
    ['a page that is no app link', 'https://shro.test/profile'],
    ['the home page', 'https://shro.test/'],
    ['a path that is no page', 'https://shro.test/sessions'],
    ['no URL at all', 'not a url'],
  ])('ignores %s', (_, url) => {
    expect(appLinkPath(url, host)).toBeNull();
  });
});
