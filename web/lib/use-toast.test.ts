import { describe, expect, it } from 'vitest';
import { createNewsToast, toast } from './use-toast';

describe('news toasts', () => {
  it('wait while another toast is open, then show; merged news replaces what waits or shows', () => {
    const news = createNewsToast();
    const copied = toast({ title: 'Copied' });
    let built = 0;
    news.show(() => {
      built++;
      return { title: 'New message' };
    });
    // Nothing is built while "Copied" is on screen: the news waits its turn.
    expect(built).toBe(0);
    expect(news.isActive()).toBe(true);
    news.show(() => {
      built++;
      return { title: '2 new messages from @ana' };
    });
    copied.dismiss();
    expect(built).toBe(1);
    expect(news.isActive()).toBe(true);
    // While it shows, newer news replaces it at once.
    news.show(() => {
      built++;
      return { title: '3 new messages from @ana' };
    });
    expect(built).toBe(2);
  });

  it('shows nothing when the news stopped being news before its turn', () => {
    const news = createNewsToast();
    const error = toast({ title: 'Failed to send message' });
    news.show(() => null);
    error.dismiss();
    expect(news.isActive()).toBe(false);
  });

  it('a toast of its own replaces a news toast, as before', () => {
    const news = createNewsToast();
    news.show(() => ({ title: 'New Shro!' }));
    expect(news.isActive()).toBe(true);
    toast({ title: 'Copied' });
    expect(news.isActive()).toBe(false);
  });
});
