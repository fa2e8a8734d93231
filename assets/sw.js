// The service worker that keeps the page working offline after the first visit.
//
// What it caches: the app shell (index.html), the hashed files Trunk emits (wasm, js, css), and every
// same-origin file the page fetches (GPT-2 merges, GloVe vectors, the corpus), including those fetched
// before this worker took control (index.html reports them from the Resource Timing entries).
// How it answers:
//   - hashed files (`name-<hex>.ext`, `_bg.wasm`; Trunk writes its 64-bit hash without leading zeros,
//     so 8 to 16 digits): cache first; a new build has new names, so a
//     cached copy is never stale;
//   - page loads (navigations): network first, falling back to the cached index.html, whatever the
//     query string (the page keeps its state in the URL);
//   - every other same-origin GET: network first, falling back to the cache, so a development server
//     (`trunk serve`, including its /.well-known/trunk live-reload channel, which is left alone) always
//     wins while it answers.
//   - the lab worker's files (`lab_worker.js`, `lab_worker_bg.wasm`: Trunk does not hash them, and
//     the page starts the worker before this worker controls it on a first visit, from a Blob the
//     Resource Timing entries do not see): fetched with the shell, so a shell and its worker stay
//     one build; served network first like any unhashed file.
// Left out: background sync, push, and precaching assets the page never fetched (GloVe stays lazy).
//
// Bump VERSION when this file's caching rules change: activation deletes every other version's cache.
const VERSION = 'til-v3';
const CACHE = `${VERSION}-app`;
/// Trunk's content-hashed output: `transformer-input-lab-db613e06d9b56a19_bg.wasm`, `style-….css`.
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/;
/// The cache key of the app shell: the scope's root, which serves index.html.
const SHELL = new URL('./', self.registration.scope).href;
/// The lab worker's unhashed files, kept with the shell they belong to.
const WORKER_FILES = ['lab_worker.js', 'lab_worker_bg.wasm'].map((file) => new URL(file, SHELL).href);

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (!cacheable(url) || request.method !== 'GET' || request.headers.has('range')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, event));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request, event));
  } else {
    event.respondWith(networkFirst(request, request, event));
  }
});

// The page lists what it fetched before this worker controlled it; fetch and keep what is missing.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(cacheMissing(event.data.urls));
});

function cacheable(url) {
  return url.origin === self.location.origin && !url.pathname.startsWith('/.well-known/');
}

/// 1. index.html, fresh from the network; 2. the hashed files it names; 3. drop older builds' files.
async function precacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: 'no-store' });
  if (!response.ok) return;
  await keepShell(cache, response);
}

/// Stores index.html, the hashed files it names and, for a new build, the worker's files; removes
/// hashed files of earlier builds.
async function keepShell(cache, response) {
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const named = new Set(
    [...html.matchAll(/["']([^"'\s]+\.(?:js|wasm|css))["']/g)]
      .map((match) => new URL(match[1], SHELL))
      .filter((url) => cacheable(url) && HASHED.test(url.pathname))
      .map((url) => url.href),
  );
  // A hashed name not kept yet means a new build: its worker files are new too.
  const kept = await Promise.all([...named, ...WORKER_FILES].map((url) => cache.match(url)));
  if (kept.some((response) => !response)) await refresh(cache, WORKER_FILES);
  await cacheMissing([...named]);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (HASHED.test(url.pathname) && !named.has(url.href)) await cache.delete(request);
  }
}

async function cacheMissing(urls) {
  const cache = await caches.open(CACHE);
  for (const href of new Set(urls)) {
    let url;
    try {
      url = new URL(href, SHELL);
    } catch {
      continue;
    }
    url.hash = '';
    if (!cacheable(url) || (await cache.match(url.href))) continue;
    try {
      const response = await fetch(url.href, { cache: 'no-store' });
      if (response.ok) await cache.put(url.href, response);
    } catch {
      // Offline or gone: the next visit tries again.
    }
  }
}

/// Stores fresh copies of `urls`, keeping the old copies of any the network does not give.
async function refresh(cache, urls) {
  for (const url of urls) {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline: the copies already kept stay.
    }
  }
}

async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

/// The network's answer (stored under `key`), or the stored one when the network fails.
async function networkFirst(request, key, event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(key === SHELL ? keepShell(cache, copy) : cache.put(key, copy));
    }
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}
