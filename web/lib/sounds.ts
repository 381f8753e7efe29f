import { useSyncExternalStore } from 'react';
import { haptic as deviceHaptic, type HapticStyle } from './native';

/**
 * Feedback sounds (docs/product.md §9: click, success, reveal, notification) as short tones made with the
 * Web Audio API, so no audio files ship; each plays with a matching haptic pulse where the
 * device can vibrate. One setting, kept in localStorage, mutes both.
 */
export type SoundName = 'click' | 'success' | 'reveal' | 'notification';
export type { HapticStyle };

const MUTED_KEY = 'shro:sounds-muted';

/** docs/product.md §9: light for click and notification, medium for success, heavy for reveal. */
const hapticOf: Record<SoundName, HapticStyle> = {
  click: 'light',
  notification: 'light',
  success: 'medium',
  reveal: 'heavy',
};

type Tone = {
  frequency: number;
  endFrequency?: number;
  start: number;
  duration: number;
  type: OscillatorType;
  gain: number;
};

/** Each sound as a few tones: seconds from "now", all under a second long. */
const tones: Record<SoundName, Tone[]> = {
  click: [{ frequency: 1200, endFrequency: 800, start: 0, duration: 0.05, type: 'sine', gain: 0.12 }],
  success: [
    { frequency: 523.25, start: 0, duration: 0.12, type: 'triangle', gain: 0.16 },
    { frequency: 659.25, start: 0.09, duration: 0.12, type: 'triangle', gain: 0.16 },
    { frequency: 783.99, start: 0.18, duration: 0.22, type: 'triangle', gain: 0.16 },
  ],
  reveal: [
    { frequency: 220, endFrequency: 880, start: 0, duration: 0.35, type: 'sawtooth', gain: 0.05 },
    { frequency: 1046.5, start: 0.3, duration: 0.35, type: 'sine', gain: 0.14 },
    { frequency: 1318.5, start: 0.36, duration: 0.35, type: 'sine', gain: 0.1 },
    { frequency: 1568, start: 0.42, duration: 0.45, type: 'sine', gain: 0.08 },
  ],
  notification: [
    { frequency: 987.77, start: 0, duration: 0.12, type: 'sine', gain: 0.14 },
    { frequency: 1318.51, start: 0.11, duration: 0.2, type: 'sine', gain: 0.14 },
  ],
};

const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

let muted = typeof window === 'undefined' ? false : readMuted();

function isSoundMuted(): boolean {
  return muted;
}

/** Mutes or unmutes sounds and haptics, and remembers the choice on this device. */
function setSoundMuted(next: boolean) {
  muted = next;
  try {
    window.localStorage.setItem(MUTED_KEY, next ? '1' : '0');
  } catch {
    // Private mode: the setting lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MUTED_KEY) return;
    muted = readMuted();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The mute setting as React state, shared by every toggle and kept in step across tabs. */
export function useSoundMuted(): [boolean, (muted: boolean) => void] {
  const value = useSyncExternalStore(subscribe, isSoundMuted, () => false);
  return [value, setSoundMuted];
}

let audioContext: AudioContext | null = null;

function getAudioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  audioContext ??= new Context();
  // Browsers start the context suspended until a user gesture; sounds follow gestures.
  if (audioContext.state === 'suspended') void audioContext.resume().catch(() => {});
  return audioContext;
}

/** A haptic pulse (native in the app, a short vibration in browsers that can), unless muted. */
export function haptic(style: HapticStyle) {
  if (muted) return;
  try {
    deviceHaptic(style);
  } catch {
    // Some browsers refuse vibration without a user gesture.
  }
}

/** Plays a feedback sound with its haptic pulse, unless muted. Never throws. */
export function playSound(name: SoundName) {
  if (muted) return;
  haptic(hapticOf[name]);
  try {
    const context = getAudioContext();
    if (!context) return;
    const now = context.currentTime;
    for (const tone of tones[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.setValueAtTime(tone.frequency, now + tone.start);
      if (tone.endFrequency)
        oscillator.frequency.exponentialRampToValueAtTime(tone.endFrequency, now + tone.start + tone.duration);
      // A quick attack and exponential release keep the tones from clicking.
      gain.gain.setValueAtTime(0.0001, now + tone.start);
      gain.gain.exponentialRampToValueAtTime(tone.gain, now + tone.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.duration);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + tone.start);
      oscillator.stop(now + tone.start + tone.duration + 0.02);
    }
  } catch {
    // Audio is a nicety: never let it break the page.
  }
}
