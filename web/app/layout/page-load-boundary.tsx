import { Component, type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { reportPageShown } from '@/lib/service-worker';
import { OfflineNotice } from './offline-notice';

/**
 * A page whose code cannot load (opened in the app while offline, before it was ever visited)
 * shows the offline notice with a retry instead of unmounting the whole app.
 */
export class PageLoadBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <OfflineNotice /> : this.props.children;
  }
}

/** Rendered beside the page inside Suspense, so it runs once the page's code has loaded. */
export function PageShown() {
  const [location] = useLocation();
  useEffect(() => reportPageShown(location), [location]);
  return null;
}
