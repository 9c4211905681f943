/*
 * Service worker for web push (functions/notify). It only shows notifications and opens the match
 * when one is tapped; it caches nothing and never sees a seat token (the payload holds the game,
 * the names, what happened and the bare match link: /m/<id>).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Dutch';
  const url = typeof data.url === 'string' && new URL(data.url, self.location.origin).origin === self.location.origin ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // One notification per match: a newer one replaces the older one on the device.
      tag: typeof data.tag === 'string' ? data.tag : 'dutch',
      renotify: true,
      icon: '/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).pathname === target.pathname && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
