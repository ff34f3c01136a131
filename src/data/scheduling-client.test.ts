import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { schedulingClient } from './scheduling-client';
import { json, stubServer } from './test-helpers';

const server = stubServer();

/** The last request: method, path, query (without the UI language) and form body. */
function lastCall() {
  const c = server.fetch.mock.calls.at(-1);
  if (!c) throw new Error('fetch was not called');
  const [input, init = {}] = c;
  const url = new URL(String(input), 'http://test.invalid');
  const query = new URLSearchParams(url.searchParams);
  query.delete('lang');
  return {
    method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(query),
    form: typeof init.body === 'string' ? Object.fromEntries(new URLSearchParams(init.body)) : {},
    headers: { ...(init.headers as Record<string, string> | undefined) },
  };
}

const BOARD = { msg: 'OK', worknode_id: 3, days: 7, devices: [], unscheduled: [], unscheduled_total: 0 };

describe('schedulingClient', () => {
  it('board GETs the work node’s board with its horizon', async () => {
    server.fetch.mockResolvedValue(json(BOARD));
    await expect(schedulingClient.board({ worknode_id: 3, days: 7 })).resolves.toMatchObject({ worknode_id: 3, days: 7 });
    const c = lastCall();
    expect(c.method).toBe('GET');
    expect(c.path).toBe('/devices/arranges/');
    expect(c.query).toEqual({ ios: '1', worknode_id: '3', days: '7' });
    expect(c.headers.Authorization).toBe('sess-1');
  });

  it('board leaves the horizon to the server when none is given', async () => {
    server.fetch.mockResolvedValue(json({ ...BOARD, days: 1 }));
    await schedulingClient.board({ worknode_id: 3 });
    expect(lastCall().query).toEqual({ ios: '1', worknode_id: '3' });
  });

  it('board refuses a reply without machines or unscheduled steps as not our server', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', devices: [] }));
    await expect(schedulingClient.board({ worknode_id: 3 })).rejects.toBeInstanceOf(ApiError);
  });

  it('saveQueues POSTs the queues as one JSON field and shows 操作成功', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK', devices: [{ id: 4, queue_version: 3 }, { id: 5, queue_version: 1 }] }));
    const queues = [{ device_id: 4, version: 2, cardnode_ids: [11, 12] }, { device_id: 5, version: 0, cardnode_ids: [] }];
    const r = await schedulingClient.saveQueues(queues);
    expect(r.devices).toEqual([{ id: 4, queue_version: 3 }, { id: 5, queue_version: 1 }]);
    const c = lastCall();
    expect(c.method).toBe('POST');
    expect(c.path).toBe('/devices/arranges/save/');
    expect(Object.keys(c.form).sort()).toEqual(['ios', 'queues']);
    expect(JSON.parse(c.form.queues!)).toEqual(queues);
    expect(server.notifier.success).toHaveBeenCalledOnce();
  });

  it('saveQueues rejects a stale queue with the 409 reply, after the request layer has shown why', async () => {
    server.fetch.mockResolvedValue(json({ msg: '机台 P-01 的排产已被他人修改，请刷新后重试' }, 409));
    const e = await schedulingClient.saveQueues([{ device_id: 4, version: 1, cardnode_ids: [11] }]).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(409);
    expect(server.notifier.error).toHaveBeenCalledOnce();
  });

  it('saveQueues refuses a reply without the saved machines as not our server', async () => {
    server.fetch.mockResolvedValue(json({ msg: 'OK' }));
    await expect(schedulingClient.saveQueues([{ device_id: 4, version: 1, cardnode_ids: [] }])).rejects.toBeInstanceOf(ApiError);
  });
});
