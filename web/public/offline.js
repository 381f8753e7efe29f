// The offline page loads the page that was asked for again by itself once the connection is
// back (a moment later: the `online` event can come before requests get through). A file of its
// own, as the Content-Security-Policy runs no inline script.
addEventListener('online', () => setTimeout(() => location.reload(), 1000));
