import { describe, expect, it } from 'vitest';
import { directionOf, localeOfAcceptLanguage, localeOfTag, negotiateLocale } from './locales';

describe('which language a reader gets', () => {
  it('matches a tag to the locale Shro speaks for it', () => {
    expect(localeOfTag('es-MX')).toBe('es');
    expect(localeOfTag('pt')).toBe('pt-BR');
    expect(localeOfTag('pt-PT')).toBe('pt-BR');
    expect(localeOfTag('PT-br')).toBe('pt-BR');
    expect(localeOfTag('de-AT')).toBe('de');
    expect(localeOfTag('zh-CN')).toBeUndefined();
    expect(localeOfTag('*')).toBeUndefined();
  });

  it('reads Accept-Language by quality, then by order, refusing q=0', () => {
    expect(localeOfAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeOfAcceptLanguage('zh-CN, ja;q=0.5, fr;q=0.7')).toBe('fr');
    expect(localeOfAcceptLanguage('fr;q=0, de')).toBe('de');
    expect(localeOfAcceptLanguage('ar, hi')).toBe('ar');
    expect(localeOfAcceptLanguage('zh, ko')).toBeUndefined();
    expect(localeOfAcceptLanguage('')).toBeUndefined();
    expect(localeOfAcceptLanguage(';;;,q=,,')).toBeUndefined();
  });

  it('prefers the saved choice, then the cookie, then the browser, then English', () => {
    expect(negotiateLocale({ saved: 'ja', cookie: 'fr', acceptLanguage: 'de' })).toBe('ja');
    expect(negotiateLocale({ saved: null, cookie: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(negotiateLocale({ cookie: 'xx', acceptLanguage: 'de-CH' })).toBe('de');
    expect(negotiateLocale({ cookie: 'xx', acceptLanguage: 'zh' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('hi')).toBe('ltr');
  });
});
