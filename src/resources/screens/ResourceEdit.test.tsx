// @vitest-environment jsdom
// vitest: isolate — after some other files in one worker its form never loads (vitest.config.ts).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_WARNING_MS } from '../../data/save-guard';
import { setNotifier } from '../../data/notifier';
import { fakeNotifier } from '../../data/test-helpers';
import { customers } from '../../domain/resources/sales/customers';
import { journals } from '../../domain/resources/system/journals';
import { initI18n } from '../../i18n/react';
import { isoToLocal } from '../form/form-values';
import { click, jsonReply, mustFind, renderUi, sampleRow, setupDom, typeInto, waitFor, type Rendered } from '../form/test-utils';
import ResourceEdit from './ResourceEdit';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

interface Call { method: string; path: string; query: URLSearchParams; body: URLSearchParams }
type Handler = (c: Call) => Response | Promise<Response>;

let ui: Rendered | undefined;
let calls: Call[];
let notifier: ReturnType<typeof fakeNotifier>;
let handlers: Record<string, Handler>;

/** A fake server: `METHOD path` → handler; every call is recorded. */
function serve(h: Record<string, Handler>) {
  handlers = h;
}

const row = (over: Record<string, unknown> = {}) => ({
  id: 5, version: 3, rev: 30, created_at: '2024-01-01T00:00:00.000Z', created_by: 1, updated_at: '2024-02-01T00:00:00.000Z',
  updated_by: 1, name: '甲公司', code: 'C5', short_name: null, category_id: null, saler_id: 2, saler_id_name: '王五',
  name_ok: false, contact: null, phone: null, address: null, remark: null, ...over,
});

beforeEach(() => {
  calls = [];
  notifier = fakeNotifier();
  setNotifier(notifier);
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const call: Call = { method, path: url.pathname, query: url.searchParams, body: new URLSearchParams(typeof init?.body === 'string' ? init.body : '') };
    calls.push(call);
    const h = handlers[`${method} ${url.pathname}`];
    return h ? h(call) : jsonReply({ msg: '接口不存在' }, 404);
  }));
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
  document.body.innerHTML = '';
});

const open = async () => {
  ui = await renderUi(<ResourceEdit def={customers} />, { path: '/customers/edit/5', pattern: '/customers/edit/:id' });
  await waitFor(() => mustFind('resource-form'), 10_000);
};
const saves = () => calls.filter(c => c.path === '/customers/save/');
const item = (c: Call) => JSON.parse(c.body.get('item') ?? '{}') as Record<string, unknown>;

// A loaded two-core machine may take seconds to mount the first screen of the file (Mantine, the grid, the form).
describe('ResourceEdit', { timeout: 30_000 }, () => {
  it('loads the row by the route id and saves the changed fields with id and version', async () => {
    let current = row();
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: current }),
      'POST /customers/save/': c => {
        current = row({ ...item(c), version: 4 });
        return jsonReply({ msg: 'OK', id: 5, version: 4, dt: current });
      },
    });
    await open();
    expect(calls[0]!.query.get('id')).toBe('5');
    expect(mustFind<HTMLInputElement>('field-name').value).toBe('甲公司');
    expect(mustFind<HTMLInputElement>('field-saler_id').value).toBe('王五');
    await typeInto(mustFind('field-phone'), '123');
    await click(mustFind('save-button'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(item(saves()[0]!)).toEqual({ phone: '123', id: 5, version: 3 });
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith('操作成功'));
    // The form now starts from the saved row: the next save sends version 4 and nothing unchanged.
    await waitFor(() => expect(mustFind('system-columns').textContent).toContain('版本: 4'));
    await typeInto(mustFind('field-contact'), '赵六');
    await click(mustFind('save-button'));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(item(saves()[1]!)).toEqual({ contact: '赵六', id: 5, version: 4 });
  });

  it('a second click while saving does not save again and says so', async () => {
    let release!: () => void;
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: row() }),
      'POST /customers/save/': () => new Promise<Response>(r => { release = () => r(jsonReply({ msg: 'OK', id: 5, version: 4, dt: row({ version: 4 }) })); }),
    });
    await open();
    await click(mustFind('save-button'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    await click(mustFind('save-button'));
    expect(saves()).toHaveLength(1);
    expect(notifier.warning).toHaveBeenCalledWith('正在执行，请勿重复点击', BUSY_WARNING_MS);
    release();
    await waitFor(() => expect(notifier.success).toHaveBeenCalled());
  });

  it('shows the server’s field messages on the fields', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: row() }),
      'POST /customers/save/': () => jsonReply({ msg: '已存在相同的值', errors: { code: '已存在相同的值' } }, 409),
    });
    await open();
    await typeInto(mustFind('field-code'), 'C1');
    await click(mustFind('save-button'));
    await waitFor(() => expect(document.querySelector('[data-field="code"]')!.textContent).toContain('已存在相同的值'));
    expect(document.querySelector('[data-testid="conflict-reload"]')).toBeNull();
  });

  it('a stale version opens the conflict dialog naming who and when; Reload rebuilds the form from the new row', async () => {
    let current = row();
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: current }),
      'POST /customers/save/': () => {
        current = row({ version: 4, name: '甲公司（新）', updated_at: '2024-03-01T02:03:04.000Z' });
        return jsonReply({ msg: '该记录已被 李四 于 … 修改', version: 4, updated_by: 2, updated_by_name: '李四', updated_at: '2024-03-01T02:03:04.000Z' }, 409);
      },
    });
    await open();
    await typeInto(mustFind('field-remark'), '我的修改');
    await click(mustFind('save-button'));
    const dialog = await waitFor(() => mustFind('conflict-dialog'));
    await waitFor(() => expect(dialog.textContent).toContain('李四'));
    expect(dialog.textContent).toContain(isoToLocal('2024-03-01T02:03:04.000Z'));
    await click(mustFind('conflict-reload'));
    await waitFor(() => expect(mustFind<HTMLInputElement>('field-name').value).toBe('甲公司（新）'));
    // Nothing of the stale form is kept.
    expect(mustFind<HTMLInputElement>('field-remark').value).toBe('');
    await waitFor(() => expect(document.querySelector('[data-testid="conflict-reload"]')).toBeNull());
    expect(calls.filter(c => c.path === '/customers/detail/')).toHaveLength(2);
  });

  it('Cancel in the conflict dialog keeps what was typed', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: row() }),
      'POST /customers/save/': () => jsonReply({ msg: 'stale', version: 4, updated_by_name: '李四', updated_at: '2024-03-01T02:03:04.000Z' }, 409),
    });
    await open();
    await typeInto(mustFind('field-remark'), '我的修改');
    await click(mustFind('save-button'));
    await waitFor(() => mustFind('conflict-cancel'));
    await click(mustFind('conflict-cancel'));
    await waitFor(() => expect(document.querySelector('[data-testid="conflict-cancel"]')).toBeNull());
    expect(mustFind<HTMLInputElement>('field-remark').value).toBe('我的修改');
  });

  it('the history drawer lists who changed what, labelled with the field labels', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: row() }),
      'GET /history/list/': () => jsonReply({ msg: 'OK', dt: [
        { action: 'create', before: null, after: { id: 5, name: '甲', code: 'C5' }, by_id: 1, by_name: '管理员', at: '2024-01-01T00:00:00.000Z', rev: 1 },
        { action: 'update', before: { id: 5, version: 1, name: '甲', phone: null, saler_id: 7 }, after: { id: 5, version: 2, name: '甲公司', phone: null, saler_id: 8 }, by_id: 2, by_name: '李四', at: '2024-02-01T00:00:00.000Z', rev: 2 },
      ], names: { persons: { 8: '赵六' } } }),
    });
    await open();
    expect(calls.some(c => c.path === '/history/list/')).toBe(false);
    await click(mustFind('history-open'));
    const drawer = await waitFor(() => mustFind('history-drawer'));
    await waitFor(() => expect(drawer.querySelectorAll('[data-testid="history-entry"]')).toHaveLength(2));
    const call = calls.find(c => c.path === '/history/list/')!;
    expect(call.query.get('table_name')).toBe('customers');
    expect(call.query.get('kid')).toBe('5');
    const [newest, oldest] = [...drawer.querySelectorAll('[data-testid="history-entry"]')].map(e => e.textContent ?? '');
    expect(newest).toContain('修改');
    expect(newest).toContain('李四');
    expect(newest).toContain('客户名称');
    expect(newest).toContain('甲公司');
    expect(newest).not.toContain('版本');
    expect(newest).toContain('赵六'); // a reference by the name of its row
    expect(newest).toContain('#7'); // a row deleted since: its id
    expect(oldest).toContain('新建');
  });

  it('a cancelled document is shown but cannot be changed', async () => {
    serve({ 'GET /journals/detail/': () => jsonReply({ msg: 'OK', dt: sampleRow(journals, { id: 5, canceled: true }) }) });
    ui = await renderUi(<ResourceEdit def={journals} />, { path: '/journals/edit/5', pattern: '/journals/edit/:id' });
    await waitFor(() => mustFind('canceled-notice'));
    expect(mustFind<HTMLButtonElement>('save-button').disabled).toBe(true);
    expect(mustFind<HTMLInputElement>('field-title').disabled).toBe(true);
  });

  it('a row that cannot be loaded says so and offers to retry', async () => {
    serve({ 'GET /customers/detail/': () => jsonReply({ msg: '服务器执行出错500' }, 500) });
    ui = await renderUi(<ResourceEdit def={customers} />, { path: '/customers/edit/5', pattern: '/customers/edit/:id' });
    await waitFor(() => expect(document.body.textContent).toContain('记录加载失败'));
    expect(document.body.textContent).toContain('重试');
  });

  it('a row that does not exist is not a failure: it says so, who deleted it and when, and offers the list', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: '记录不存在' }, 404),
      'GET /history/list/': () => jsonReply({ msg: 'OK', total: 2, names: {}, dt: [
        { id: 1, table_name: 'customers', kid: 5, action: 'create', before: null, after: { name: 'x' }, by_id: 1, by_name: '张三', at: '2026-01-02T03:04:05Z', rev: 1 },
        { id: 2, table_name: 'customers', kid: 5, action: 'delete', before: { name: 'x' }, after: null, by_id: 2, by_name: '李四', at: '2026-02-03T04:05:06Z', rev: 2 },
      ] }),
    });
    ui = await renderUi(<ResourceEdit def={customers} />, { path: '/customers/edit/5', pattern: '/customers/edit/:id' });
    await waitFor(() => expect(mustFind('not-found').textContent).toContain('这条记录不存在'));
    await waitFor(() => expect(mustFind('deleted-by').textContent).toContain('李四'));
    expect(document.body.textContent).not.toContain('记录加载失败');
    expect(document.body.textContent).toContain('返回列表');
    expect(mustFind<HTMLAnchorElement>('not-found-history').getAttribute('href')).toBe('/history/list/customers/5');
  });

  it('an id that never existed shows not-found with a link to the list, not a failure to retry', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: '记录不存在' }, 404),
      'GET /history/list/': () => jsonReply({ msg: 'OK', total: 0, names: {}, dt: [] }),
    });
    ui = await renderUi(<ResourceEdit def={customers} />, { path: '/customers/edit/99999', pattern: '/customers/edit/:id' });
    const notFound = await waitFor(() => mustFind('not-found'), 10_000);
    expect(notFound.textContent).toContain('这条记录不存在');
    const toList = mustFind<HTMLAnchorElement>('not-found-list');
    expect(toList.tagName).toBe('A');
    expect(toList.getAttribute('href')).toBe('/customers/list');
    await waitFor(() => expect(calls.some(c => c.path === '/history/list/' && c.query.get('kid') === '99999')).toBe(true), 10_000);
    expect(document.querySelector('[data-testid="deleted-by"]')).toBeNull();
    expect(document.querySelector('[data-testid="not-found-history"]')).toBeNull();
    expect(document.body.textContent).not.toContain('记录加载失败');
    expect(document.body.textContent).not.toContain('重试');
    expect(document.querySelector('[data-testid="resource-form"]')).toBeNull();
    // Not a failure either in a pop-up: the 404 is the screen's to say, and it is asked for once.
    expect(notifier.error).not.toHaveBeenCalled();
    expect(calls.filter(c => c.path === '/customers/detail/')).toHaveLength(1);
    await click(toList);
    await waitFor(() => expect(mustFind('where').dataset.where).toBe('/customers/list'), 10_000);
  });

  it('the history opens as its own page from the edit screen', async () => {
    serve({
      'GET /customers/detail/': () => jsonReply({ msg: 'OK', dt: row() }),
      'GET /history/list/': () => jsonReply({ msg: 'OK', total: 0, names: {}, dt: [] }),
    });
    await open();
    await click(mustFind('history-open'));
    const link = await waitFor(() => mustFind<HTMLAnchorElement>('history-page-link'), 10_000);
    expect(link.getAttribute('href')).toBe('/history/list/customers/5');
    await click(link);
    await waitFor(() => expect(mustFind('where').dataset.where).toBe('/history/list/customers/5'), 10_000);
  });
});
