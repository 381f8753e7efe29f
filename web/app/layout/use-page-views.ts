import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trackPageView } from '@/lib/analytics';

/** docs/product.md §1: a page view on every path change (query strings are not part of the path). */
export function usePageViews() {
  const [location] = useLocation();
  useEffect(() => {
    trackPageView(location);
  }, [location]);
}
