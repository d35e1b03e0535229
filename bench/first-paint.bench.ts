import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Runtime } from '../apps/server/src/runtime';
import { freePort } from '../apps/server/test/free-port';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process';
import { type Figure, percentile } from './support/figures';
import { seedListUser } from './support/list-user';
import { pageTrace } from './support/page-trace';

/**
 * Issue 15 point 2: the time from navigation to the first monitor of the list on screen, for a
 * signed-in user with 1,000 monitors, in Chromium against a real server process serving a real
 * build. Cold: a new browser context (empty HTTP cache); warm: a reload in the same context.
 * With FIRST_PAINT_BASELINE_DIST set to another build (one of main, say), that build is measured
 * in the same run, its runs interleaved with this build's, so the figures compare. With
 * FIRST_PAINT_TRACE=<dir>, the last run's timelines and CPU profiles are kept there (page-trace.ts);
 * with FIRST_PAINT_SCREENSHOTS=<dir>, each build's first screens are photographed there.
 */
const MONITORS = 1_000;
const RUNS = 7;
const TARGET_COLD_MS = 800;
const TARGET_WARM_MS = 400;
const ITEM = '[data-testid="monitor-item"]';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The 404 screen's heading (routes/not-found.tsx), signed out: the app's floor, with no data to wait for. */
const NOT_FOUND_PATH = '/no-such-page';
const NOT_FOUND_TEXT = 'Page Not Found!';

/**
 * Runs in the page before any of its scripts: `__firstItemAt` settles with the page's clock
 * (milliseconds since navigation started) at the first frame after a list item (or, signed out, the
 * 404 screen's heading) entered the DOM.
 */
const OBSERVE_FIRST_ITEM = `
window.__firstItemAt = new Promise((resolve) => {
  const drawn = () =>
    document.querySelector('${ITEM}') ||
    (location.pathname === '${NOT_FOUND_PATH}' && document.body && document.body.textContent.includes('${NOT_FOUND_TEXT}'));
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
});`;

/** The session key stored as a returning visitor has it (about:blank has no storage: skipped). */
const storeSessionKey = (key: string) => `
try {
  if (!localStorage.getItem('paydar.token')) localStorage.setItem('paydar.token', ${JSON.stringify(key)});
} catch {}`;

/** Settles with the page's `__firstItemAt`, or fails after 30 s. */
const FIRST_ITEM_AT = `Promise.race([
  window.__firstItemAt,
  new Promise((_, reject) => setTimeout(() => reject(new Error('no list item within 30 s')), 30000)),
])`;

interface Build {
  label: string;
  distDir: string;
  server?: ServerProcess;
  cold: number[];
  warm: number[];
  /** Signed out, the 404 screen (`NOT_FOUND_PATH`) in a new context: the floor of any first screen. */
  notFound: number[];
  /** Script files and API calls of the last cold load, for the note. */
  scripts: number;
  apiCalls: string[];
}

export async function firstPaintBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { key } = await seedListUser(runtime, 'bench-paint', MONITORS);
  const work = await mkdtemp(path.join(os.tmpdir(), 'paydar-first-paint-'));
  const builds: Build[] = [newBuild('this build', buildWebApp(path.join(work, 'dist')))];
  const baseline = process.env.FIRST_PAINT_BASELINE_DIST?.trim();
  if (baseline) builds.push(newBuild('baseline', path.resolve(baseline)));
  let browser: Browser | undefined;
  try {
    for (const build of builds) build.server = await serve(runtime, build.distDir, work);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    // One load each first, not counted: the servers' code paths and caches warmed alike.
    for (const build of builds) await measure(browser, build, key, false);
    for (let run = 0; run < RUNS; run += 1) {
      for (const build of builds) {
        await measure(browser, build, key, true);
        build.notFound.push(await measureNotFound(browser, build));
      }
    }
    const shots = process.env.FIRST_PAINT_SCREENSHOTS?.trim();
    if (shots) for (const build of builds) await screenshots(browser, build, key, shots);
  } finally {
    await browser?.close();
    for (const build of builds) await stop(build.server);
    await rm(work, { recursive: true, force: true });
  }
  return builds.flatMap(figuresOf);
}

function newBuild(label: string, distDir: string): Build {
  return { label, distDir, cold: [], warm: [], notFound: [], scripts: 0, apiCalls: [] };
}

/** The web app as `npm run build` makes it, into `outDir`. */
export function buildWebApp(outDir: string): string {
  const result = spawnSync('npm', ['run', 'build', '-w', '@paydar/web', '--', '--outDir', outDir], {
    cwd: path.resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

async function serve(runtime: Runtime, distDir: string, work: string): Promise<ServerProcess> {
  const port = await freePort();
  return startServerProcess({
    DATABASE_URL: runtime.context.config.DATABASE_URL ?? '',
    DATA_DIR: await mkdtemp(path.join(work, 'data-')),
    PORT: String(port),
    // The API base the browser is given: this server itself.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DASHBOARD_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: distDir,
    BUILTIN_PROBER_ENABLED: 'false',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // Not the demo's 90 days written while the figure is taken (and `demo`, last, needs a database without them).
    DEMO_DATA_ENABLED: 'false',
  });
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** One cold load in a new context, then one warm reload in it. */
async function measure(browser: Browser, build: Build, key: string, record: boolean): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Signed in as a returning visitor is: the session key already stored.
    await context.addInitScript(storeSessionKey(key));
    await context.addInitScript(OBSERVE_FIRST_ITEM);
    const page = await context.newPage();
    const scripts: string[] = [];
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(url.pathname);
      else if (url.pathname.startsWith('/api/') || url.pathname === '/config.json') apiCalls.push(url.pathname);
    });
    const url = `${build.server?.url}/`;
    const trace = await pageTrace(context, page, record ? process.env.FIRST_PAINT_TRACE?.trim() : undefined);
    await trace.start();
    const cold = await firstItemMs(page, () => page.goto(url));
    await trace.save(`${build.label.replace(/\W+/g, '-')}-cold`);
    const [coldScripts, coldCalls] = [scripts.length, [...apiCalls]];
    await trace.start();
    const warm = await firstItemMs(page, () => page.reload());
    await trace.save(`${build.label.replace(/\W+/g, '-')}-warm`);
    if (!record) return;
    build.cold.push(cold);
    build.warm.push(warm);
    build.scripts = coldScripts;
    build.apiCalls = coldCalls;
  } finally {
    await context.close();
  }
}

/** The app's main chunk (vite.config.ts's `app` group): held back, the page shows what it draws without it. */
const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;

/**
 * With FIRST_PAINT_SCREENSHOTS=<dir>: each build's first screen as the bench loads it, at 1280 and
 * 390 px wide, and the 404 screen signed out — to look at (the same look for both builds). Each
 * signed-in one twice: `-first` as drawn before the app ran (its main chunk held back until the
 * picture is taken), and after the app took over and the figures arrived.
 */
async function screenshots(browser: Browser, build: Build, key: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const label = build.label.replace(/\W+/g, '-');
  const shots = [
    { name: 'list-1280-first', width: 1280, height: 800, path: '/', signedIn: true, holdApp: true },
    { name: 'list-1280', width: 1280, height: 800, path: '/', signedIn: true, holdApp: false },
    { name: 'list-390-first', width: 390, height: 844, path: '/', signedIn: true, holdApp: true },
    { name: 'list-390', width: 390, height: 844, path: '/', signedIn: true, holdApp: false },
    { name: '404-1280', width: 1280, height: 800, path: NOT_FOUND_PATH, signedIn: false, holdApp: false },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      if (shot.signedIn) await context.addInitScript(storeSessionKey(key));
      await context.addInitScript(OBSERVE_FIRST_ITEM);
      const page = await context.newPage();
      if (shot.holdApp) await page.route(APP_CHUNK, (route) => released.then(() => route.continue()));
      const url = `${build.server?.url}${shot.path}`;
      if (shot.holdApp) {
        // Without the app a build may draw nothing but its spinner: photographed once its calls are answered.
        const answered = page.waitForResponse((response) => response.url().includes('/api/v1/monitors/'), {
          timeout: 30_000,
        });
        // The held chunk is preloaded by the page, so its load event waits for it too.
        await page.goto(url, { waitUntil: 'commit' });
        await answered;
        await page.waitForTimeout(1_000);
      } else {
        await firstItemMs(page, () => page.goto(url));
        // The detail's figures and the items' strips arrive after the first item: let them.
        await page.waitForTimeout(4_000);
      }
      await page.screenshot({ path: path.join(dir, `${label}-${shot.name}.png`) });
    } finally {
      release();
      await context.close();
    }
  }
}

/** Signed out (nothing stored), a cold load of an address the app does not have: to its 404 heading drawn. */
async function measureNotFound(browser: Browser, build: Build): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(OBSERVE_FIRST_ITEM);
    const page = await context.newPage();
    return await firstItemMs(page, () => page.goto(`${build.server?.url}${NOT_FOUND_PATH}`));
  } finally {
    await context.close();
  }
}

async function firstItemMs(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  await navigate();
  return page.evaluate<number>(FIRST_ITEM_AT);
}

function figuresOf(build: Build): Figure[] {
  const calls = (name: string) => build.apiCalls.filter((call) => call === name).length;
  const note = `${RUNS} runs; median, max; cold load: ${build.scripts} script files, ${calls('/api/v1/monitors/')} list call(s), ${calls('/api/v1/users/profile')} profile call(s), ${calls('/config.json')} config.json`;
  const prefix = build.label === 'this build' ? '' : `${build.label}: `;
  const figure = (kind: string, values: number[], target: number): Figure[] => {
    const median = percentile(values, 50);
    const max = Math.max(...values);
    return [
      {
        name: `${prefix}first list item, 1,000 monitors, ${kind}, median`,
        value: Math.round(median),
        unit: 'ms',
        target: `≤ ${target} ms`,
        met: median <= target,
        note,
      },
      {
        name: `${prefix}first list item, 1,000 monitors, ${kind}, max`,
        value: Math.round(max),
        unit: 'ms',
        target: `≤ ${target} ms`,
        met: max <= target,
      },
    ];
  };
  const notFound = percentile(build.notFound, 50);
  return [
    ...figure('cold cache', build.cold, TARGET_COLD_MS),
    ...figure('warm cache', build.warm, TARGET_WARM_MS),
    {
      // No target of its own: what any first screen costs before data (issue 26 gives 955 ms cold).
      name: `${prefix}404 screen signed out, cold cache, median`,
      value: Math.round(notFound),
      unit: 'ms',
      target: 'none (the floor)',
      met: true,
      note: `${RUNS} runs; max ${Math.round(Math.max(...build.notFound))} ms`,
    },
  ];
}
