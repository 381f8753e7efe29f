import { isObjectionable } from '../../server/lib/objectionable';

/**
 * The first value `make` produces whose texts the word filter accepts. Random letters and digits
 * sometimes spell a listed word (leetspeak included), and a test that sends such a name or tag
 * through the API would get a 400 or see it held back from explore. `texts` says what the value
 * becomes in the test (the value itself by default), so each of those is checked.
 */
export function filterSafe(make: (attempt: number) => string, texts: (value: string) => string[] = (v) => [v]): string {
  for (let attempt = 0; ; attempt++) {
    const value = make(attempt);
    if (!texts(value).some((text) => isObjectionable(text))) return value;
  }
}
