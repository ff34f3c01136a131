// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../data/notifier';
import { fakeNotifier } from '../../data/test-helpers';
import { customers } from '../../domain/resources/sales/customers';
import { warestatus } from '../../domain/resources/warehouse/warestatus';
import { initI18n } from '../../i18n/react';
import { click, jsonReply, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../form/test-utils';
import ResourceCreate from './ResourceCreate';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notifier: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  notifier = fakeNotifier();
  setNotifier(notifier);
  fetchMock = vi.fn<typeof fetch>(async () => jsonReply({ msg: 'OK', id: 41, version: 1, dt: {} }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  setNotifier(null);
});

const where = () => mustFind('where').getAttribute('data-where');
const sentItem = () => {
  const init = fetchMock.mock.calls.at(-1)![1]!;
  return JSON.parse(new URLSearchParams(String(init.body)).get('item')!) as Record<string, unknown>;
};

describe('ResourceCreate', () => {
  it('checks the form, saves every field without id, then goes back to the list', async () => {
    ui = await renderUi(<ResourceCreate def={customers} />, { path: '/customers/create' });
    await click(mustFind('save-button'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('[data-field="name"]')!.textContent).toContain('必填');
    await typeInto(mustFind('field-name'), '乙公司');
    await click(mustFind('save-button'));
    await waitFor(() => expect(where()).toBe('/customers/list'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://x').pathname).toBe('/customers/save/');
    expect(init!.method).toBe('POST');
    const item = sentItem();
    expect(item).toMatchObject({ name: '乙公司', name_ok: false, code: null });
    expect('id' in item).toBe(false);
    expect(notifier.success).toHaveBeenCalledWith('操作成功');
  });

  it('stays on the page with the server’s field messages when refused', async () => {
    fetchMock.mockImplementation(async () => jsonReply({ msg: '提交的数据有误', errors: { name: '已存在相同的值' } }, 422));
    ui = await renderUi(<ResourceCreate def={customers} />, { path: '/customers/create' });
    await typeInto(mustFind('field-name'), '甲公司');
    await click(mustFind('save-button'));
    await waitFor(() => expect(document.querySelector('[data-field="name"]')!.textContent).toContain('已存在相同的值'));
    expect(where()).toBe('/customers/create');
  });

  it('warestatus has no list: after saving it opens the new row', async () => {
    ui = await renderUi(<ResourceCreate def={warestatus} />, { path: '/warestatus/create' });
    expect(document.body.textContent).not.toContain('返回');
    await typeInto(mustFind('field-name'), '冻结');
    await click(mustFind('save-button'));
    await waitFor(() => expect(where()).toBe('/warestatus/edit/41'));
    expect(sentItem()).toMatchObject({ name: '冻结', available: true, sort: 0 });
  });
});
