import { Component, type ReactNode } from 'react';

/**
 * Catches a lazily loaded part whose code could not load (offline, a new deploy): shows `fallback`
 * and tells `onError`, so the rest of the screen stays usable (decision 094).
 */
export class LoadBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; onError?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
