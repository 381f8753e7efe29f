/** Set once the user answered the card ("Not now" or either browser answer): it never comes back. */
const DISMISSED_KEY = 'shro.pushPrompt.dismissed';

export const wasDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};
export const rememberDismissed = () => {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the card may show again next time, nothing worse.
  }
};
