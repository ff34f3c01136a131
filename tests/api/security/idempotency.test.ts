import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, sessionOf } from '../client';
import { admin, ok, unique } from './helpers';

/**
 * Finding 11 of issue 10: "Double submits create twice: a repeated create makes two rows; an Idempotency-Key is
 * ignored." A create or an import batch sent again with the same `Idempotency-Key` within 24 h gets the first reply
 * and writes nothing, also when the repeats arrive at the same moment.
 */

const withKey = (key: string) => ({ 'idempotency-key': key });

async function countOf(code: string): Promise<number> {
  return ok(await get('/items/list/', { keyword: code, limit: -1 }, { session: await admin() })).body.total as number;
}

describe('Idempotency-Key', () => {
  it('makes a repeated create answer the first reply and write nothing', async () => {
    const a = await admin();
    const key = randomUUID();
    const code = unique('IDEM');
    const first = ok(await post('/items/save/', { code, name: '一次' }, { session: a, headers: withKey(key) }));
    const again = ok(await post('/items/save/', { code, name: '一次' }, { session: a, headers: withKey(key) }));
    expect(again.body).toEqual(first.body);
    expect(await countOf(code)).toBe(1);
    // Without a key, the same create twice is two attempts (the second refused here only because the code is taken).
    expect((await post('/items/save/', { code, name: '一次' }, { session: a })).status).toBe(409);
  });

  it('writes once when eight repeats arrive together', async () => {
    const a = await admin();
    const key = randomUUID();
    // Journals have no unique value at all, so only the key can stop a second row.
    const title = unique('并发日志');
    const replies = await Promise.all(Array.from({ length: 8 }, () =>
      post('/journals/save/', { day: '2026-05-06', title }, { session: a, headers: withKey(key) })));
    expect(replies.map(r => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map(r => r.body.id)).size).toBe(1);
    const found = ok(await get('/journals/list/', { keyword: title, limit: -1 }, { session: a })).body.total;
    expect(found).toBe(1);
  });

  it('refuses a key reused for another request, and a key that is not a UUID', async () => {
    const a = await admin();
    const key = randomUUID();
    ok(await post('/items/save/', { code: unique('K'), name: 'a' }, { session: a, headers: withKey(key) }));
    const other = await post('/items/save/', { code: unique('K'), name: 'b' }, { session: a, headers: withKey(key) });
    expect(other).toEqual({ status: 422, body: { msg: translate('zh', 'idempotency_key_reused') } });
    expect((await post('/items/save/', { code: unique('K'), name: 'c' }, { session: a, headers: withKey('twice') })).status).toBe(400);
  });

  it('keeps keys per account: another login with the same key makes its own row', async () => {
    const key = randomUUID();
    const title = unique('各自');
    const mine = ok(await post('/journals/save/', { day: '2026-05-06', title }, { session: await admin(), headers: withKey(key) }));
    const theirs = ok(await post('/journals/save/', { day: '2026-05-06', title }, { session: await sessionOf('operator'), headers: withKey(key) }));
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('answers a failed create again rather than remembering it', async () => {
    const a = await admin();
    const key = randomUUID();
    const bad = await post('/items/save/', { code: unique('F') }, { session: a, headers: withKey(key) });
    expect(bad.status).toBe(422);
    expect((await post('/items/save/', { code: unique('F') }, { session: a, headers: withKey(key) })).status).toBe(422);
  });

  it('makes a repeated import batch write nothing the second time, even when the rows would now update', async () => {
    const a = await admin();
    const key = randomUUID();
    const code = unique('IMP');
    const rows = [{ code, name: '导入一次' }];
    const first = ok(await post('/items/import/', { rows }, { session: a, headers: withKey(key) }));
    expect(first.body.created).toBe(1);
    const again = ok(await post('/items/import/', { rows }, { session: a, headers: withKey(key) }));
    expect(again.body).toEqual(first.body);
    const detail = ok(await get('/items/list/', { keyword: code }, { session: a })).body.dt as { version: number }[];
    expect(detail.map(d => d.version)).toEqual([1]);
  });
});
