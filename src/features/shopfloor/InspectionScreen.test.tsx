// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configStore } from '../../data/config-store';
import { connectivityStore } from '../../data/connectivity';
import { heldInspections } from '../../data/held-inspections';
import { setNotifier } from '../../data/notifier';
import { forgetOfflineReads } from '../../data/offline/local-read';
import { outboxDb } from '../../data/outbox/device';
import { pendingFacts } from '../../data/outbox/outbox';
import { sessionStore } from '../../data/session/session-store';
import { fakeNotifier } from '../../data/test-helpers';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import { badgeHash } from '../../ui/scanner/badge';
import InspectScreen from './InspectScreen';
import PrecheckScreen from './PrecheckScreen';

// A camera picture cannot be decoded without a canvas: the photo is taken as it is (the sizing is tested in
// src/data/photo-upload.test.ts).
vi.mock('../../data/photo-upload', async importOriginal => ({
  ...await importOriginal<typeof import('../../data/photo-upload')>(),
  downscalePhoto: async (b: Blob) => b,
}));

// The tablet's store can fail a write (a full disk, a browser that refuses storage): the next write made here fails
// once with `failNextRecord`, as IndexedDB would.
let failNextRecord: Error | null = null;
vi.mock('../../data/outbox/outbox', async importOriginal => {
  const real = await importOriginal<typeof import('../../data/outbox/outbox')>();
  return {
    ...real,
    recordFact: (...a: Parameters<typeof real.recordFact>) => {
      const e = failNextRecord;
      failNextRecord = null;
      return e ? Promise.reject(e) : real.recordFact(...a);
    },
  };
});

const SALT = 'c2FsdHNhbHRzYWx0c2FsdA';

beforeAll(async () => {
  setupDom();
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
  await initI18n('zh');
});

let ui: Rendered | undefined;
let calls: { method: string; path: string }[];
/** The server's refusal of the next photo upload (its message), or null to accept it. */
let refuseNextUpload: string | null;

beforeEach(async () => {
  calls = [];
  refuseNextUpload = null;
  failNextRecord = null;
  setNotifier(fakeNotifier());
  sessionStore.setState({ baseURL: '', sessionid: 'S1', username: 'qc1', permissions: null });
  connectivityStore.setState({ reachable: true });
  configStore.setState({ values: { inspection_grades: '["A","B","C"]', defect_reasons: '["破损","污渍"]' } });
  const db = outboxDb();
  await Promise.all([db.outbox.clear(), db.counters.clear(), db.rows.clear(), db.meta.clear()]);
  forgetOfflineReads();
  // The tablet's copy: one open card and two people, one with a badge.
  const now = Date.now();
  await db.rows.bulkPut([
    { t: 'cards', id: 9, row: { id: 9, show_id: 'C100', quantity: 100, unit: '个', item_id: 4, item_id_name: '纸箱', order_show_id: 'SO-1' } },
    { t: 'persons', id: 5, row: { id: 5, name: '王检' } },
    { t: 'persons', id: 6, row: { id: 6, name: '李四', card_no_hash: await badgeHash(SALT, 'B-0006') } },
  ]);
  await db.meta.bulkPut([
    { key: 'pulledAt:cards', value: now }, { key: 'cursor:cards', value: 1 },
    { key: 'pulledAt:persons', value: now }, { key: 'cursor:persons', value: 1 },
  ]);
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname });
    if (!connectivityStore.getState().reachable) throw new TypeError('Failed to fetch');
    if (url.pathname === '/accounts/info/') return jsonReply({ msg: 'OK', name: '质检一', roles: ['qc'], person_id: 5 });
    if (url.pathname === '/persons/badge_salt/') return jsonReply({ msg: 'OK', salt: SALT, algorithm: 'HMAC-SHA-256', encoding: 'hex' });
    if (url.pathname === '/orders/cards/list/') return jsonReply({ msg: 'OK', total: 0, dt: [] });
    if (url.pathname === '/files/upload/') {
      const refusal = refuseNextUpload;
      refuseNextUpload = null;
      return refusal ? jsonReply({ msg: refusal }, 422) : jsonReply({ msg: 'OK', url: '/files/?action=download&id=p1' });
    }
    return jsonReply({ msg: 'OK', dt: [], total: 0 });
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const input = (id: string) => mustFind<HTMLInputElement>(id);
async function scan(code: string) {
  await typeInto(input('inspection-card-input'), code);
  await click(mustFind('inspection-card-go'));
}

describe('inspection tablet', { timeout: 30_000 }, () => {
  it('records a finished-goods inspection of a known card: defaults from the card and the defects, the badge\'s inspector', async () => {
    ui = await renderUi(<InspectScreen />, { path: '/inventorydetails/create' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    // A badge read by the scanner makes its person the inspector.
    await waitFor(async () => {
      await scan('B-0006');
      expect(mustFind('inspection-inspector').textContent).toBe('李四');
    }, 10_000);
    await scan('C100');
    await waitFor(() => expect(mustFind('inspection-card').dataset.state).toBe('known'));
    expect(mustFind('inspection-card').textContent).toContain('纸箱');
    expect(input('inspection-quantity').value).toBe('100');
    await click(mustFind('inspection-defect-破损'));
    await click(mustFind('inspection-defect-qty-破损-plus'));
    expect(input('inspection-bad').value).toBe('2');
    expect(input('inspection-quantity').value).toBe('98');
    await click(mustFind('inspection-grade-A'));
    await typeInto(input('inspection-weight'), '12.5');
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(mustFind('inspection-done').dataset.held).toBe('0'));
    const facts = await pendingFacts({ name: 'inspect' });
    expect(facts).toHaveLength(1);
    expect(facts[0]!.args).toEqual({
      card: 'C100', person_id: 6, quantity: 98, bad_quantity: 2, weight: 12.5, grade: 'A', defects: [{ reason: '破损', quantity: 2 }],
    });
    // Cleared for the next card.
    expect(mustFind('inspection-card').dataset.state).toBe('none');
  });

  it('shows the errors on the fields and records nothing until they are right; an unknown card offline goes unverified', async () => {
    ui = await renderUi(<PrecheckScreen />, { path: '/inventorydetails/precheck' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    await click(mustFind('inspection-submit'));
    expect(mustFind('inspection-card').textContent).toContain('请先扫描流程卡');
    connectivityStore.setState({ reachable: false });
    await scan('X9');
    await waitFor(() => expect(mustFind('inspection-card').dataset.state).toBe('unverified'));
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('必填'));
    await click(mustFind('inspection-defect-污渍'));
    await click(mustFind('inspection-defect-qty-污渍-plus'));
    await click(mustFind('inspection-defect-qty-污渍-plus'));
    await click(mustFind('inspection-defect-破损'));
    await typeInto(input('inspection-bad'), '2');
    await typeInto(input('inspection-quantity'), '5');
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('各不良原因数量之和（4）不能大于不良数量（2）'));
    expect(await pendingFacts()).toEqual([]);
    await typeInto(input('inspection-bad'), '4');
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(byDone()).not.toBeNull());
    const [fact] = await pendingFacts({ name: 'precheck' });
    expect(fact!.args).toEqual({
      card: 'X9', person_id: 5, quantity: 5, bad_quantity: 4, defects: [{ reason: '污渍', quantity: 3 }, { reason: '破损', quantity: 1 }], unverified: true,
    });
  });

  it('online, says a card the server does not have; uploads a photo at once and records its URL', async () => {
    ui = await renderUi(<InspectScreen />, { path: '/inventorydetails/create' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    await scan('NOPE');
    await waitFor(() => expect(mustFind('inspection-notice').textContent).toContain('服务器上没有流程卡 NOPE'));
    await scan('C100');
    await waitFor(() => expect(mustFind('inspection-card').dataset.state).toBe('known'));
    await addPhoto();
    await waitFor(() => expect(mustFind('inspection-photo').dataset.state).toBe('uploaded'));
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(byDone()).not.toBeNull());
    expect((await pendingFacts())[0]!.args.photos).toEqual(['/files/?action=download&id=p1']);
  });

  it('offline with a photo: keeps the inspection with the photo on the tablet, and records it once the photo is uploaded', async () => {
    ui = await renderUi(<InspectScreen />, { path: '/inventorydetails/create' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    connectivityStore.setState({ reachable: false });
    await scan('C100');
    await waitFor(() => expect(mustFind('inspection-card').dataset.state).toBe('known'));
    await addPhoto();
    await waitFor(() => expect(mustFind('inspection-photo').dataset.state).toBe('waiting'));
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(mustFind('inspection-done').dataset.held).toBe('1'));
    expect(await pendingFacts()).toEqual([]);
    expect(await heldInspections()).toHaveLength(1);
    await waitFor(() => expect(mustFind('inspection-held').textContent).toContain('1 条检验正在等照片上传'));
    // The server is back: the photo goes up and the inspection becomes its fact.
    connectivityStore.getState().markReachable();
    await until(async () => (await pendingFacts()).length === 1);
    expect((await pendingFacts())[0]!.args).toMatchObject({ card: 'C100', quantity: 100, photos: ['/files/?action=download&id=p1'] });
    expect(await heldInspections()).toEqual([]);
  });
});

describe('a submit that fails once (issue 30 item 13)', { timeout: 30_000 }, () => {
  /** Scans the card and types what an inspector would: a quantity, a defect and a remark. */
  async function fillIn() {
    await scan('C100');
    await waitFor(() => expect(mustFind('inspection-card').dataset.state).toBe('known'));
    await typeInto(input('inspection-quantity'), '90');
    await click(mustFind('inspection-defect-破损'));
    await typeInto(mustFind<HTMLTextAreaElement>('inspection-remark'), '边角压痕');
  }
  const kept = () => {
    expect(mustFind('inspection-card').dataset.state).toBe('known');
    expect(input('inspection-quantity').value).toBe('90');
    expect(input('inspection-bad').value).toBe('1');
    expect(mustFind<HTMLTextAreaElement>('inspection-remark').value).toBe('边角压痕');
  };
  const typed = { card: 'C100', person_id: 5, quantity: 90, bad_quantity: 1, defects: [{ reason: '破损', quantity: 1 }], remark: '边角压痕' };

  it('the tablet cannot store it: says why in the inspector\'s language, keeps the form, and the second submit records it', async () => {
    ui = await renderUi(<InspectScreen />, { path: '/inventorydetails/create' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    await fillIn();
    failNextRecord = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(mustFind('inspection-notice').textContent).toContain('平板的存储空间已满'));
    expect(mustFind('inspection-notice').textContent).not.toContain('quota');
    expect(byDone()).toBeNull();
    kept();
    expect(await pendingFacts()).toEqual([]);

    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(byDone()).not.toBeNull());
    expect((await pendingFacts()).map(f => f.args)).toEqual([typed]);
  });

  it('the server refuses its photo: says the server\'s reason, keeps the form, and once the photo goes up the second submit records it', async () => {
    ui = await renderUi(<InspectScreen />, { path: '/inventorydetails/create' });
    await waitFor(() => expect(mustFind('inspection-inspector').textContent).toBe('王检'), 10_000);
    await fillIn();
    refuseNextUpload = '不支持的文件类型';
    await addPhoto();
    await waitFor(() => expect(mustFind('inspection-photo').dataset.state).toBe('refused'));
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('不支持的文件类型'));
    expect(byDone()).toBeNull();
    kept();
    expect(await pendingFacts()).toEqual([]);

    // Tried again, the photo goes up; the submit records the inspection with it.
    await click(mustFind('inspection-photo-retry'));
    await waitFor(() => expect(mustFind('inspection-photo').dataset.state).toBe('uploaded'));
    await click(mustFind('inspection-submit'));
    await waitFor(() => expect(byDone()).not.toBeNull());
    expect((await pendingFacts()).map(f => f.args)).toEqual([{ ...typed, photos: ['/files/?action=download&id=p1'] }]);
  });
});

/** Polls an asynchronous condition (waitFor takes synchronous checks). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await waitFor(() => undefined);
    await new Promise(r => setTimeout(r, 50));
  }
}

const byDone = () => document.querySelector('[data-testid="inspection-done"]');

async function addPhoto() {
  const el = input('inspection-photo-input');
  Object.defineProperty(el, 'files', { configurable: true, value: [new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' })] });
  await click(el); // nothing: the file dialog is the browser's
  el.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => expect(document.querySelector('[data-testid="inspection-photo"]')).not.toBeNull());
}
