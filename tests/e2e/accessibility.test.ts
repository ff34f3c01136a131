import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { launch, newPage, pageFaults } from './browser';
import { callAs, logIn, serverCall } from './helpers';

/**
 * Accessibility (issue 30 item 15): each of the ten screen types — login, dashboard, a list, an edit form, order
 * entry, the kiosk, an inspection, a monitoring report, the scheduling board, the public order query — has no
 * critical or serious axe-core violation in the light and the dark colour scheme, in Chinese and English, at a
 * desktop (1440 px) and a narrow (800 px) width; and its main actions are reached with Tab, each stop on the way
 * showing where the focus is. The screens are kept as pictures in test-results/screens/ (not committed), one per
 * language, width and scheme.
 */
const SCREENS_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screens');
const LANGS = ['zh', 'en'] as const;
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 800] as const;
const HEIGHT = 900;

type Lang = (typeof LANGS)[number];
type Scheme = (typeof SCHEMES)[number];
/** Who the browser is: nobody (the public pages), a person, or a shop-floor terminal enrolled for its screen. */
type Who = 'nobody' | 'admin' | 'supervisor' | 'kiosk' | 'tablet';

interface ScreenType {
  name: string;
  who: Who;
  path(): string;
  /** Resolves once the screen shows its data (never a fixed wait). */
  ready(page: Page): Promise<void>;
  /** The screen's main actions, each of which Tab must reach. */
  actions(page: Page): Locator[];
}

type Row = Record<string, unknown>;
let admin = '';
const call = (path: string, form?: Record<string, unknown>): Promise<Row> => callAs(admin, path, form);
const firstOf = async (path: string): Promise<Row> => ((await call(path)).dt as Row[])[0]!;

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
/** Ids of the demo plant's rows the screens open. */
const ids = { item: 0, worknode: 0 };

const byTestId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor({ timeout: 60_000 });

const SCREENS: ScreenType[] = [
  {
    name: 'login', who: 'nobody', path: () => '/login', ready: byTestId('login-form'),
    actions: p => [p.locator('input[name="username"]'), p.locator('input[name="password"]'), p.getByTestId('login-submit')],
  },
  {
    name: 'dashboard', who: 'admin', path: () => '/dashboard',
    ready: async p => { await p.locator('[data-testid^="stat-"][data-testid$="-value"]').first().waitFor({ timeout: 60_000 }); },
    // Any entry of the menu, and a page's tile of the function map.
    actions: p => [p.getByTestId('sidebar').locator('a'), p.getByTestId('dashboard').locator('button[data-path]')],
  },
  {
    name: 'list', who: 'admin', path: () => '/items/list', ready: byTestId('grid-row'),
    actions: p => [p.getByTestId('list-create'), p.getByTestId('list-keyword')],
  },
  {
    name: 'edit-form', who: 'admin', path: () => `/items/edit/${ids.item}`,
    ready: async p => { await p.locator('[data-testid="field-name"]:not([value=""])').waitFor({ timeout: 60_000 }); },
    actions: p => [p.getByTestId('field-name'), p.getByTestId('save-button')],
  },
  {
    name: 'order-entry', who: 'admin', path: () => '/orders/create', ready: byTestId('order-entry'),
    actions: p => [p.getByTestId('add-line'), p.getByTestId('save-button')],
  },
  {
    name: 'kiosk', who: 'kiosk', path: () => '/orders/tap3',
    ready: async p => { await p.locator('[data-testid="kiosk"][data-ready="true"]').waitFor({ timeout: 90_000 }); },
    actions: p => [p.getByTestId('kiosk-bad'), p.getByTestId('kiosk-camera')],
  },
  {
    name: 'inspection', who: 'tablet', path: () => '/inventorydetails/precheck',
    ready: async p => { await p.getByTestId('inspection-card-input').waitFor({ timeout: 60_000 }); },
    actions: p => [p.getByTestId('inspection-card-input'), p.getByTestId('inspection-submit')],
  },
  {
    name: 'monitoring-report', who: 'supervisor', path: () => '/items/stat',
    ready: byTestId('monitor-asof'),
    actions: p => [p.getByTestId('grid-date-range'), p.getByTestId('monitor-export')],
  },
  {
    name: 'scheduling-board', who: 'admin', path: () => `/devices/arranges?worknode_id=${ids.worknode}`,
    ready: async p => { await p.locator('[data-testid^="arranges-device-"]').first().waitFor({ timeout: 60_000 }); },
    actions: p => [p.getByTestId('arranges-worknode')],
  },
  {
    name: 'order-query', who: 'nobody', path: () => '/orders/query', ready: byTestId('order-query-form'),
    actions: p => [p.getByTestId('order-query-show-id'), p.getByTestId('order-query-submit')],
  },
  {
    name: 'customer-balances', who: 'admin', path: () => '/payments/balances', ready: byTestId('balances-screen'),
    actions: p => [p.getByTestId('balances-date')],
  },
];

let browser: Browser;
/** One browser context per kind of user, made on first use and kept for the file. */
const contexts = new Map<Who, Promise<BrowserContext>>();

/** A shop-floor terminal of its own for `screen`, enrolled through the login page as the shop floor does. */
async function enrolTerminal(page: Page, screen: 'tap3' | 'precheck', username: string, password: string): Promise<void> {
  const code = `A11Y-${screen}-${RUN}`;
  const pc = (await call('/computers/save/', { code, name: `a11y ${screen} ${RUN}`, worknode_ids: [ids.worknode], screen })).dt as Row;
  const enrol = String((await call('/computers/enrol/', { id: pc.id })).code);
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('login-terminal').fill(code);
  await page.getByTestId('login-enrol').fill(enrol);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(u => u.pathname !== '/login', { timeout: 60_000 });
}

async function contextOf(who: Who): Promise<BrowserContext> {
  let made = contexts.get(who);
  if (!made) {
    made = (async () => {
      const { context, page } = await newPage(browser, { bypassCSP: true });
      context.setDefaultTimeout(30_000);
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      if (who === 'admin' || who === 'supervisor') await logIn(page, who, who === 'admin' ? 'admin123' : 'super123');
      else if (who === 'kiosk') await enrolTerminal(page, 'tap3', 'operator', 'oper123');
      else if (who === 'tablet') await enrolTerminal(page, 'precheck', 'inspector', 'insp123');
      else await page.goto('/favicon.svg');
      return context;
    })();
    contexts.set(who, made);
  }
  return made;
}

/** The context's one page, on the app's origin. */
async function pageOf(who: Who): Promise<Page> {
  return (await contextOf(who)).pages()[0]!;
}

/** Two animation frames: the layout after a change of viewport or scheme has been painted. */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>(r => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(s => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
  await painted(page);
}

/** Opens the screen in `lang` (the app's stored language choice), light, at the desktop width, once it shows its data. */
async function open(page: Page, screen: ScreenType, lang: Lang): Promise<void> {
  await page.evaluate(l => localStorage.setItem('language', l), lang);
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(screen.path());
  await screen.ready(page);
  await page.waitForFunction(l => document.documentElement.lang.startsWith(l), lang);
}

beforeAll(async () => {
  admin = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
  ids.item = (await firstOf('/items/list/?limit=1')).id as number;
  // A work node with machines, for the scheduling board and the terminals.
  const device = await firstOf(`/devices/list/?limit=1&filter=${encodeURIComponent(JSON.stringify([{ field: 'worknode_id', op: 'ne', value: null }]))}`);
  ids.worknode = device.worknode_id as number;
  await mkdir(SCREENS_DIR, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts.values()) await (await c).close();
  await browser?.close();
});
afterEach(() => {
  // No console error from the local helper's socket (browser.ts); the CSP is bypassed here, so none of those.
  expect(pageFaults.splice(0)).toEqual([]);
});

describe('accessibility: no critical or serious axe violation', () => {
  for (const screen of SCREENS) {
    it(screen.name, { timeout: 600_000 }, async () => {
      const page = await pageOf(screen.who);
      const found: string[] = [];
      for (const lang of LANGS) {
        await open(page, screen, lang);
        for (const scheme of SCHEMES) {
          await useScheme(page, scheme);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT });
            await painted(page);
            found.push(...describeViolations(`${screen.name} ${lang} ${scheme} ${width}px`, await axeViolations(page)));
            await page.screenshot({ path: join(SCREENS_DIR, `${screen.name}-${lang}-${width}-${scheme}.png`), fullPage: true });
          }
          await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
        }
      }
      expect(found.join('\n'), `${found.length} blocking axe violation(s) on ${screen.name}`).toBe('');
    });
  }
});

/**
 * Where the focus is and whether it shows: the focused element is not covered by anything, and it or the input box it
 * sits in has an outline or a box shadow (Mantine's focus ring is an outline on buttons and links; the theme gives
 * inputs one, src/app/settings/focus-visibility.css).
 */
async function focusStop(page: Page): Promise<{ where: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { where: 'body', visible: true };
    const ringed = (e: Element) => {
      const cs = getComputedStyle(e);
      return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
    };
    // An input drawn inside a box of its own (a password with its eye button, a multi-select's pills) rings that box.
    const box = el.closest('.mantine-Input-input');
    // Nothing drawn over it (the kiosk over the shell): what is at its middle is it, or inside it, or its box.
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const uncovered = r.width > 0 && r.height > 0 && hit !== null && (el.contains(hit) || hit.contains(el));
    const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 30);
    return { where: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${id ?? ''}"`, visible: uncovered && (ringed(el) || (box !== null && ringed(box))) };
  });
}

describe('keyboard: the main actions are reached with Tab, the focus always visible', () => {
  for (const screen of SCREENS) {
    it(screen.name, { timeout: 300_000 }, async () => {
      const page = await pageOf(screen.who);
      await open(page, screen, 'en');
      const targets = screen.actions(page);
      const reached = targets.map(() => false);
      const stops: string[] = [];
      const invisible = new Set<string>();
      // Tab from the top of the page until every main action has had the focus (or 250 stops, past any screen here).
      for (let i = 0; i < 250 && reached.includes(false); i++) {
        await page.keyboard.press('Tab');
        const stop = await focusStop(page);
        stops.push(stop.where);
        if (!stop.visible) invisible.add(stop.where);
        for (const [k, t] of targets.entries()) {
          // evaluateAll does not wait for an element that is not there (yet): that action is simply not reached.
          if (!reached[k]) reached[k] = await t.evaluateAll(els => els.some(el => el === document.activeElement));
        }
      }
      const missing = targets.filter((_, k) => !reached[k]).map(t => String(t));
      expect({ missing, invisible: [...invisible] }, `focus went: ${stops.slice(0, 60).join(' → ')}`).toEqual({ missing: [], invisible: [] });
    });
  }
});
