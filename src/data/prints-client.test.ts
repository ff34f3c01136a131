import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { setNotifier } from './notifier';
import { printsClient } from './prints-client';
import { sessionStore } from './session/session-store';
import { fakeNotifier, json } from './test-helpers';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notifier: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  notifier = fakeNotifier();
  setNotifier(notifier);
  fetchMock = vi.fn<typeof fetch>(async () => json({ msg: 'OK' }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setState({ baseURL: '', sessionid: 'sess-1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('printsClient.printDo', () => {
  it('POSTs the category and ids as one JSON field and the action, and answers the sheets without 操作成功', async () => {
    const sheet = { id: 1, name: '流程卡标签', print_url: '/prints/sheet/?t=abc', width_mm: 100, height_mm: 60 };
    fetchMock.mockResolvedValue(json({ msg: 'OK', ds: [sheet] }));
    await expect(printsClient.printDo('cards', [3, 4], 'browser')).resolves.toEqual([sheet]);
    const [input, init = {}] = fetchMock.mock.calls.at(-1)!;
    expect(new URL(String(input), 'http://x').pathname).toBe('/prints/do/');
    expect(init.method).toBe('POST');
    const form = new URLSearchParams(String(init.body));
    expect(JSON.parse(form.get('item')!)).toEqual({ category: 'cards', ids: [3, 4] });
    expect(form.get('action')).toBe('browser');
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('a reply without sheets is not our server', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'OK' }));
    await expect(printsClient.printDo('cards', [3], 'preview')).rejects.toBeInstanceOf(ApiError);
  });

  it('a refusal shows and rejects', async () => {
    fetchMock.mockResolvedValue(json({ msg: '请选择记录' }, 400));
    await expect(printsClient.printDo('cards', [3], 'preview')).rejects.toMatchObject({ status: 400, msg: '请选择记录' });
    expect(notifier.error).toHaveBeenCalledWith('请选择记录', expect.any(Number));
  });
});
