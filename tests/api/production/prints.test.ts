import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { MAX_PRINT_ROWS } from '../../../src/domain/contract/prints';
import { get, post, sessionOf, type Reply } from '../client';
import { makeOrder, ok, type MadeOrder } from './fixtures';

/**
 * Printing card labels (docs/production.md "Printing", issue 11 point 5): `POST /prints/do/` checks the permission and
 * the cards, logs the print and counts it on each card (not for a preview), and hands out a signed link to the label
 * sheet, which opens without a login until it expires and never once changed.
 */

let order: MadeOrder;
let cardIds: number[];

const print = async (ids: unknown, action: string, session?: string, lang?: string): Promise<Reply> =>
  post('/prints/do/', { item: { category: 'cards', ids }, action }, { session: session ?? await sessionOf('admin'), lang });

interface Sheet { id: number; name: string; print_url: string; width_mm: number; height_mm: number }

async function card(id: number): Promise<{ printed: number; rev: number; version: number; show_id: string }> {
  const r = ok(await get('/orders/cards/detail/', { id }, { session: await sessionOf('admin') }), 'card detail');
  return r.body.dt as { printed: number; rev: number; version: number; show_id: string };
}

async function printLogs(): Promise<Record<string, unknown>[]> {
  const r = ok(await get('/prints/logs/list/', { page: 1, limit: 20, sort: '-id' }, { session: await sessionOf('admin') }), 'logs');
  return r.body.dt as Record<string, unknown>[];
}

/** The sheet as a browser or the helper gets it: no session, no cookie. */
async function fetchSheet(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  order = await makeOrder([3, 2]);
  cardIds = order.cards.flat().map(c => c.id);
});

describe('what may be printed', () => {
  it('needs records: none chosen is 400 请选择记录, in the caller\'s language', async () => {
    for (const ids of [[], undefined]) {
      const r = await print(ids, 'browser');
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('请选择记录');
    }
    const en = await print([], 'browser', undefined, 'en');
    expect(en.body.msg).toBe(translate('en', 'select_records'));
    const many = await print(Array.from({ length: MAX_PRINT_ROWS + 1 }, (_, i) => i + 1), 'browser');
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe(translate('zh', 'too_many_print_rows'));
  });

  it('refuses other bad input with 400, never 500', async () => {
    const admin = await sessionOf('admin');
    for (const body of [
      { item: { category: 'cards', ids: [cardIds[0]] }, action: 'fax' },
      { item: { category: 'invoices', ids: [cardIds[0]] }, action: 'browser' },
      { item: '{not json', action: 'browser' },
      { item: { category: 'cards', ids: ['x'] }, action: 'browser' },
      { item: { category: 'cards', ids: [-1] }, action: 'browser' },
      { action: 'browser' },
    ]) {
      const r = await post('/prints/do/', body, { session: admin });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('needs view on cards: 403 for a role without it, whatever it sends', async () => {
    const finance = await sessionOf('finance');
    expect((await print([cardIds[0]], 'browser', finance)).status).toBe(403);
    expect((await print([], 'browser', finance)).status).toBe(403);
    // Not logged in: 401.
    const anon = await post('/prints/do/', { item: { category: 'cards', ids: [cardIds[0]] }, action: 'browser' });
    expect(anon.status).toBe(401);
    // Sales may view cards, so it may print them — those of its own orders only (issue 29: a card is its order's).
    const sales = await sessionOf('sales');
    expect((await print([cardIds[0]], 'preview', sales)).status).toBe(422);
    const own = ok(await get('/orders/cards/list/', { limit: 1 }, { session: sales }), 'own cards').body.dt as { id: number }[];
    expect(own.length).toBe(1);
    expect((await print([own[0]!.id], 'preview', sales)).status).toBe(200);
  });

  it('refuses unknown and cancelled cards with 422 naming them, and prints nothing', async () => {
    const admin = await sessionOf('admin');
    const extra = await makeOrder([2]);
    const [keep, gone] = extra.cards[0]!;
    const g = await card(gone!.id);
    ok(await post('/orders/cards/cancel/', { id: gone!.id, version: g.version }, { session: admin }), 'cancel card');
    const before = await card(keep!.id);
    const lastLog = (await printLogs())[0]?.id;
    for (const ids of [[keep!.id, gone!.id], [keep!.id, 2_000_000_000], [keep!.id, 99_999_999_999]]) {
      const r = await print(ids, 'browser');
      expect(r.status, JSON.stringify(ids)).toBe(422);
      expect(r.body.msg).toBe(translate('zh', 'print_rows_unavailable', { list: String(ids[1]) }));
      expect(r.body.unavailable).toEqual([ids[1]]);
    }
    expect((await card(keep!.id)).printed).toBe(before.printed);
    expect((await printLogs())[0]?.id).toBe(lastLog);
  });
});

describe('a print', () => {
  it('in the browser: logged once, each card counted once, a new change number but the same version', async () => {
    const before = await Promise.all(cardIds.map(card));
    // A card chosen twice prints once.
    const r = await print([...cardIds, cardIds[0]], 'browser');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('OK');
    const ds = r.body.ds as Sheet[];
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ name: '流程卡标签', width_mm: 60, height_mm: 40 });
    expect(Object.keys(ds[0]!).sort()).toEqual(['height_mm', 'id', 'name', 'print_url', 'width_mm']);
    expect(ds[0]!.print_url).toMatch(/^http:\/\/[^/]+\/prints\/sheet\/\?/);

    const after = await Promise.all(cardIds.map(card));
    after.forEach((c, i) => {
      expect(c.printed).toBe((before[i]!.printed ?? 0) + 1);
      expect(c.rev).toBeGreaterThan(before[i]!.rev);
      expect(c.version).toBe(before[i]!.version);
    });

    const [log] = await printLogs();
    expect(log).toMatchObject({
      title: `流程卡标签 × ${cardIds.length}`, category: 'cards', ids: cardIds, count: cardIds.length, how: 'browser',
      template: '流程卡标签', printer: null,
    });
    // Who printed it: the log's author, with its history like any written row.
    const admin = await sessionOf('admin');
    const hist = ok(await get('/history/list/', { table_name: 'printlogs', kid: log!.id as number }, { session: admin }), 'history');
    expect((hist.body.dt as { action: string }[]).map(h => h.action)).toEqual(['create']);
  });

  it('for the local helper: logged as such', async () => {
    ok(await print([cardIds[0]], 'helper'), 'helper print');
    expect((await printLogs())[0]).toMatchObject({ how: 'helper', ids: [cardIds[0]], count: 1, title: '流程卡标签 × 1' });
  });

  it('as a preview: neither logged nor counted', async () => {
    const before = await card(cardIds[0]!);
    const lastLog = (await printLogs())[0]!.id;
    const r = ok(await print([cardIds[0]], 'preview'), 'preview');
    expect((r.body.ds as Sheet[])[0]!.print_url).toContain('/prints/sheet/');
    const after = await card(cardIds[0]!);
    expect(after.printed).toBe(before.printed);
    expect(after.rev).toBe(before.rev);
    expect((await printLogs())[0]!.id).toBe(lastLog);
  });
});

describe('the label sheet', () => {
  let url: string;
  beforeAll(async () => {
    url = ((await print(cardIds, 'preview')).body.ds as Sheet[])[0]!.print_url;
  });

  it('opens without a login: one 60×40 mm page per card with its QR code, barcode and number', async () => {
    const s = await fetchSheet(url);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/html/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.text).toContain('@page { size: 60mm 40mm; margin: 0 }');
    expect(s.text.match(/<section class="label">/g)).toHaveLength(cardIds.length);
    // Two SVGs per label: qrcode's (crispEdges) and the Code 128 (stretched to its box).
    expect(s.text.match(/<svg/g)).toHaveLength(2 * cardIds.length);
    expect(s.text.match(/shape-rendering="crispEdges"/g)).toHaveLength(cardIds.length);
    expect(s.text.match(/preserveAspectRatio="none"/g)).toHaveLength(cardIds.length);
    for (const c of order.cards.flat()) expect(s.text).toContain(`卡号 ${c.show_id} / 订单 ${order.show_id}`);
    expect(s.text).toContain('第 1/3 张');
    expect(s.text).toContain('第 2/2 张');
    expect(s.text).not.toMatch(/<script/i);
  });

  it('prints the labels in card order, whatever order they were picked in (issue 30: 3/3 came before 1/3)', async () => {
    const picked = [...order.cards[1]!].reverse().concat([...order.cards[0]!].reverse()).map(c => c.id);
    const s = await fetchSheet(((await print(picked, 'preview')).body.ds as Sheet[])[0]!.print_url);
    const shown = [...s.text.matchAll(/卡号 (\S+) \//g)].map(m => m[1]);
    expect(shown).toEqual(order.cards.flat().map(c => c.show_id));
  });

  it('has its own policy: inline styles, no script, framed by this origin only', async () => {
    const s = await fetchSheet(url);
    const csp = s.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('script-src');
    expect(s.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(s.headers.get('referrer-policy')).toBe('no-referrer');
    // The app's own policy is untouched elsewhere.
    const app = await fetch(url.replace(/\/prints\/sheet\/.*/, '/healthz'));
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('opens nothing once changed: another card, another account, a later expiry, another signature', async () => {
    const u = new URL(url);
    const variants: Record<string, string>[] = [
      { ids: (Number.parseInt(u.searchParams.get('ids')!.split(/[.-]/)[0]!, 36) + 100).toString(36) },
      { a: String(Number(u.searchParams.get('a')) + 1) },
      { exp: String(Number(u.searchParams.get('exp')) + 3600) },
      { sig: `${u.searchParams.get('sig')!.slice(0, -2)}AA` },
      { exp: '1' },
    ];
    for (const v of variants) {
      const changed = new URL(url);
      for (const [k, val] of Object.entries(v)) changed.searchParams.set(k, val);
      const s = await fetchSheet(changed.toString());
      expect(s.status, JSON.stringify(v)).toBe(403);
      expect(JSON.parse(s.text)).toMatchObject({ msg: translate('zh', 'print_link_invalid') });
    }
    // Not a link at all.
    for (const q of ['', '?c=cards', '?c=cards&ids=1&a=1&exp=1&sig=short']) {
      const s = await fetchSheet(url.replace(/\?.*$/, q));
      expect(s.status, q).toBe(400);
    }
  });

  it('leaves out cards cancelled since, and answers 404 when none is left', async () => {
    const admin = await sessionOf('admin');
    const extra = await makeOrder([2]);
    const [a, b] = extra.cards[0]!;
    const link = ((await print([a!.id, b!.id], 'preview')).body.ds as Sheet[])[0]!.print_url;
    ok(await post('/orders/cards/cancel/', { id: a!.id, version: (await card(a!.id)).version }, { session: admin }), 'cancel a');
    const one = await fetchSheet(link);
    expect(one.status).toBe(200);
    expect(one.text).not.toContain(`卡号 ${a!.show_id} `);
    expect(one.text).toContain(`卡号 ${b!.show_id} `);
    ok(await post('/orders/cards/cancel/', { id: b!.id, version: (await card(b!.id)).version }, { session: admin }), 'cancel b');
    expect((await fetchSheet(link)).status).toBe(404);
  });

  it('takes its page size from config label_size', async () => {
    const admin = await sessionOf('admin');
    const cfg = ok(await get('/configs/list/', { limit: -1, filter: [{ field: 'name', op: 'eq', value: 'label_size' }] }, { session: admin }))
      .body.dt as { id: number; version: number; values: string }[];
    expect(cfg[0]?.values).toBe('60x40');
    // A value that is not a size is refused on save.
    expect((await post('/configs/save/', { id: cfg[0]!.id, version: cfg[0]!.version, values: 'big' }, { session: admin })).status).toBe(422);
    const saved = ok(await post('/configs/save/', { id: cfg[0]!.id, version: cfg[0]!.version, values: '100x50' }, { session: admin }));
    try {
      const r = ok(await print([cardIds[0]], 'preview'));
      const sheet = (r.body.ds as Sheet[])[0]!;
      expect(sheet).toMatchObject({ width_mm: 100, height_mm: 50 });
      expect((await fetchSheet(sheet.print_url)).text).toContain('@page { size: 100mm 50mm; margin: 0 }');
    } finally {
      ok(await post('/configs/save/', { id: cfg[0]!.id, version: saved.body.version as number, values: '60x40' }, { session: admin }));
    }
  });
});
