import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { printsClient } from './prints-client';
import { json, stubServer } from './test-helpers';

const server = stubServer();


describe('printsClient.printDo', () => {
  it('POSTs the category and ids as one JSON field and the action, and answers the sheets without 操作成功', async () => {
    const sheet = { id: 1, name: '流程卡标签', print_url: '/prints/sheet/?t=abc', width_mm: 100, height_mm: 60 };
    server.fetch.mockResolvedValue(json({ msg: 'OK', ds: [sheet] }));
    await expect(printsClient.printDo('cards', [3, 4], 'browser')).resolves.toEqual([sheet]);
    const [input, init = {}] = server.fetch.mock.calls.at(-1)!;
    expect(new URL(String(input), 'http://x').pathname).toBe('/prints/do/');
    expect(init.method).toBe('POST');
    const form = new URLSearchParams(String(init.body));
    expect(JSON.parse(form.get('item')!)).toEqual({ category: 'cards', ids: [3, 4] });
    expect(form.get('action')).toBe('browser');
    expect(server.notifier.success).not.toHaveBeenCalled();
  });

  it('a reply without sheets is not our server', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK' }));
    await expect(printsClient.printDo('cards', [3], 'preview')).rejects.toBeInstanceOf(ApiError);
  });

  it('a refusal shows and rejects', async () => {
    server.fetch.mockResolvedValue(json({ msg: '请选择记录' }, 400));
    await expect(printsClient.printDo('cards', [3], 'preview')).rejects.toMatchObject({ status: 400, msg: '请选择记录' });
    expect(server.notifier.error).toHaveBeenCalledWith('请选择记录', expect.any(Number));
  });
});
