// The playground's service worker: the site's files (named at build time, SEGOC_SITE_FILES) are cached
// on install, in a cache named after the build (SEGOC_SITE_VERSION), and answered from it, so the page
// works offline once loaded; the card library (cards/) joins the cache when the worker first fetches
// it. A new build installs a new cache and deletes the old ones.
declare const SEGOC_SITE_FILES: string[];
declare const SEGOC_SITE_VERSION: string;

const CACHE = `segoc-playground-${SEGOC_SITE_VERSION}`;
const sw = self as unknown as {
  addEventListener(type: 'install', f: (e: { waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'activate', f: (e: { waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'fetch', f: (e: { request: Request; respondWith(r: Promise<Response>): void }) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
};

/** The page's own files up front; the card library (5 MB) is cached when first fetched. */
const PRECACHE = ['./', ...SEGOC_SITE_FILES.filter((f) => !f.startsWith('cards/'))];

sw.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('segoc-playground-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || !url.href.startsWith(sw.registration.scope)) return;
  e.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // The fragment never reaches here; the query string is ignored (index.html answers any of them).
      const hit = await cache.match(e.request, { ignoreSearch: true });
      if (hit) return hit;
      const response = await fetch(e.request);
      if (response.ok && url.pathname.includes('/cards/')) await cache.put(e.request, response.clone());
      return response;
    }),
  );
});
