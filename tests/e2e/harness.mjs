// End-to-end harness for Transformer Input Lab.
//
// Specs: tests/e2e/specs/<behaviour>.spec.mjs, one behaviour per file, written with node:test and
// node:assert. Run them all with `cargo xtask test --e2e-only` (release build + specs), or, once
// dist/ holds a release build (`trunk build --release`), with `npm ci && npm test` in tests/e2e.
//
// API
//
//   launch({ webgpu = true, path = '/', timeoutMs = 30_000, serviceWorkers = 'allow', tour = false } = {})
//     ->  Promise<App>
//     Serves dist/ on 127.0.0.1 at a free port, starts headless Chromium on a fresh profile in a
//     temporary directory and opens `path` (waits for the load event; the wasm app mounts right
//     after, so wait for your elements). `webgpu: true` enables WebGPU on SwiftShader (Vulkan on
//     the CPU); `webgpu: false` starts Chromium without those flags, so no adapter exists (use it
//     to test the CPU fallback). `timeoutMs` is Playwright's default timeout for the page.
//     `serviceWorkers: 'block'` keeps the page's offline worker (assets/sw.js) from registering:
//     a spec that fakes responses with page.route() needs it, because requests the worker answers
//     never reach page.route(). The fresh profile means no spec inherits another's worker or cache.
//     `tour: false` stores the guided tour's "seen" flag before every page load, so specs meet the
//     page as a returning visitor does; `tour: true` leaves a first-time visitor's profile.
//
//   App:
//     page               Playwright Page, e.g. `await app.page.getByTestId('nav-tokenize').click()`
//                        (getByTestId matches data-testid)
//     url                base URL of the served dist/, e.g. 'http://127.0.0.1:40123/'
//     errors             live array of strings: console errors ('console: ...') and uncaught page
//                        exceptions ('pageerror: ...') seen so far
//     assertNoErrors()   throws, listing them, if `errors` is not empty
//     webgpuAdapter()    Promise<{vendor, architecture, description} | null>: what
//                        navigator.gpu.requestAdapter() gives the page (null: no adapter)
//     screenshot(name)   saves tests/e2e/artifacts/<name>.png (full page), returns its path
//     close()            closes Chromium, removes the profile, stops the server; call it in a
//                        `finally` or `t.after(() => app.close())`
//
//   startServer(root = DIST_DIR)  ->  Promise<{ url, close() }>
//     The static server that launch() uses (correct MIME types, application/wasm included;
//     paths without an extension fall back to index.html; a missing /favicon.ico gets 204).
//
// Environment: TIL_DIST (directory to serve, default <repo>/dist), CHROMIUM_PATH (browser binary,
// default /usr/bin/chromium; never downloaded).
//
// Example spec:
//
//   import { test } from 'node:test';
//   import assert from 'node:assert/strict';
//   import { launch } from '../harness.mjs';
//
//   test('tokenize nav link is visible', async (t) => {
//     const app = await launch();
//     t.after(() => app.close());
//     await app.page.getByTestId('nav-tokenize').waitFor();
//     app.assertNoErrors();
//   });

import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
export const DIST_DIR = resolve(process.env.TIL_DIST ?? join(HERE, '..', '..', 'dist'));
export const ARTIFACTS_DIR = join(HERE, 'artifacts');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
// WebGPU on the CPU: SwiftShader's Vulkan, bundled with Chromium.
const WEBGPU_ARGS = [
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-webgpu-adapter=swiftshader',
];

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export async function startServer(root = DIST_DIR) {
  root = resolve(root);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(
      `${join(root, 'index.html')} not found: build the page first ` +
        '(`cargo xtask test --e2e-only`, or `trunk build --release`)',
    );
  }
  const server = createServer(async (req, res) => {
    const file = await resolveFile(root, new URL(req.url, 'http://localhost').pathname);
    if (!file) {
      // Browsers ask for /favicon.ico by themselves; its absence is not an app error.
      if (req.url === '/favicon.ico') return res.writeHead(204).end();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

async function resolveFile(root, urlPath) {
  let path;
  try {
    path = resolve(root, '.' + decodeURIComponent(urlPath));
  } catch {
    return null; // malformed escape
  }
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isFile()) return path;
  if (info?.isDirectory() || !extname(path)) {
    const index = join(info?.isDirectory() ? path : root, 'index.html');
    return existsSync(index) ? index : null;
  }
  return null;
}

export async function launch({
  webgpu = true,
  path = '/',
  timeoutMs = 30_000,
  serviceWorkers = 'allow',
  tour = false,
} = {}) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  const server = await startServer();
  const profile = await mkdtemp(join(tmpdir(), 'til-e2e-profile-'));
  const cleanup = async () => {
    await rm(profile, { recursive: true, force: true });
    await server.close();
  };
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...BASE_ARGS, ...(webgpu ? WEBGPU_ARGS : [])],
      viewport: { width: 1280, height: 800 },
      serviceWorkers,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  if (!tour) {
    // The key src/widgets/tour.rs reads. about:blank has no storage, hence the try.
    await context.addInitScript(() => {
      try {
        localStorage.setItem('til-tour-done', '1');
      } catch {}
    });
  }
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(timeoutMs);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const { url } = msg.location();
    errors.push(`console: ${msg.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));

  const app = {
    page,
    url: server.url,
    errors,
    assertNoErrors() {
      if (errors.length) {
        throw new Error(`page reported ${errors.length} error(s):\n  ${errors.join('\n  ')}`);
      }
    },
    webgpuAdapter: () =>
      page.evaluate(async () => {
        const adapter = await navigator.gpu?.requestAdapter();
        if (!adapter) return null;
        const { vendor, architecture, description } = adapter.info ?? {};
        return { vendor, architecture, description };
      }),
    async screenshot(name) {
      await mkdir(ARTIFACTS_DIR, { recursive: true });
      const file = join(ARTIFACTS_DIR, `${name}.png`);
      // Panels and canvases out of sight skip rendering (content-visibility, IntersectionObserver),
      // so the window is made as tall as the page for two frames first: everything is then in view
      // and drawn, as a reader scrolling down would see it.
      const viewport = page.viewportSize();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: file, fullPage: true });
      await page.setViewportSize(viewport);
      return file;
    },
    async close() {
      await context.close();
      await cleanup();
    },
  };
  try {
    await page.goto(new URL(path.replace(/^\//, ''), server.url).href, { waitUntil: 'load' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
