// The app's service worker (decision 027), emitted as /sw.js by vite.config.ts with the build's
// id in place of __BUILD_ID__, so each build is a new worker with caches of its own.
//
// - Hashed assets (/assets/*): kept on install, cache first; a name never changes content, so any build's copy is right.
// - Pages and the API reads a phone needs between jobs (leads, tasks, the shell's): network first;
//   the cached copy only when the network fails, marked with the time it was fetched
//   (x-fieldwise-fetched-at), so the app can say it is offline and since when.
// - Everything else goes to the network untouched; nothing here ever answers a write.
// An update takes over at once (skipWaiting, clients.claim): safe because, online, this worker
// serves nothing but immutable assets from its cache, so an old worker never stands between a new
// server and its pages; the old build's caches are deleted on activation.
/* global self, caches */

const BUILD = '__BUILD_ID__';
const ASSETS = `fieldwise-assets-${BUILD}`;
const DATA = `fieldwise-data-${BUILD}`;
/** Every script and style of the build (vite.config.ts fills it in), kept so any page opens offline. */
const PRECACHE = [/* __ASSETS__ */];
/** The page every navigation falls back to offline: the shell, which routes on the client. */
const SHELL = '/dashboard';

/** API reads kept for offline use: what the shell, /leads, /dashboard and the inbox ask first. */
const OFFLINE_READS = [
  /^\/api\/auth\/user$/,
  /^\/api\/branding$/,
  /^\/api\/connections$/,
  /^\/api\/leads(\/summary|\/analytics\/scores)?$/,
  /^\/api\/tasks$/,
  /^\/api\/dashboard(\/layout)?$/,
  /^\/api\/felix\/next-steps$/,
  // The inbox's list, unread count and threads (never its live event stream).
  /^\/api\/conversations(\/unread|\/[0-9a-f-]{36})?$/,
];

// Installing keeps the build's files in the background (the page registers the worker a few seconds
// after its load, so this never competes with the page's first work); a file that fails is fetched
// when asked.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      await Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('fieldwise-') && name !== ASSETS && name !== DATA) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // Signing out (or in as someone else) forgets the business's data kept on this device.
  if (event.data === 'forget-data') event.waitUntil(caches.delete(DATA));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, request.url, true));
  } else if (OFFLINE_READS.some((re) => re.test(url.pathname))) {
    event.respondWith(networkFirst(request, request.url, false));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The network's answer (kept, with the time, when it is a 200); the kept one when the network fails. */
async function networkFirst(request, key, page) {
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const headers = new Headers(response.headers);
      // The body kept is the decoded one.
      headers.delete('content-encoding');
      headers.delete('content-length');
      headers.set('x-fieldwise-fetched-at', new Date().toISOString());
      const body = await response.clone().arrayBuffer();
      await cache.put(key, new Response(body, { status: 200, headers }));
      if (page) await cache.put(SHELL, new Response(body, { status: 200, headers }));
    }
    return response;
  } catch (error) {
    const kept = (await cache.match(key)) ?? (page ? await cache.match(SHELL) : undefined);
    if (kept) {
      const headers = new Headers(kept.headers);
      headers.set('x-fieldwise-offline', '1');
      if (!page) return new Response(await kept.arrayBuffer(), { status: 200, headers });
      // A page says in its head that it comes from this device, and from when (lib/offline.ts).
      const fetchedAt = headers.get('x-fieldwise-fetched-at') ?? '';
      const html = (await kept.text()).replace(
        '</head>',
        `<meta name="fieldwise-offline" content="${fetchedAt}"></head>`,
      );
      return new Response(html, { status: 200, headers });
    }
    throw error;
  }
}

// Web Push (issue 37): show what the server sent; a tap opens its screen (the lead), in an open
// window of the app when there is one.
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : { title: 'Fieldwise', body: '', url: '/dashboard' };
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
