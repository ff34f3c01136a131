import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, sessionOf } from '../client';
import {
  computer, deviceLogin, factsOf, lineWithCards, person, push, tap, type Line, type Row,
} from '../shopfloor/fixtures';
import { admin, ok, unique } from './helpers';

/**
 * Issue 29, findings 3 (the watermark part), 10, 11 and 13: a forged `floor` moving a terminal's watermark; negative
 * prices and costs; a rejected fact stored whole and a message per rejected push; date-times without an offset taken
 * as UTC.
 */

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('zh', key, params);

describe('money and quantities declare their minimum (finding 10)', () => {
  it('refuses a line, an item and an agreed price at −1, naming the field', async () => {
    const a = await admin();
    const code = unique('NEG');
    const item = await post('/items/save/', { code, name: code, price: -1 }, { session: a });
    expect(item.status).toBe(422);
    expect(item.body.errors).toEqual({ price: zh('too_small', { min: 0 }) });
    const line = (ok(await get('/orders/details/list/', { limit: 1, canceled: false }, { session: a })).body.dt as Row[])[0]!;
    const r = await post('/orders/details/save/', { id: line.id, version: line.version, price: -1 }, { session: a });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ price: zh('too_small', { min: 0 }) });
    const cost = await post('/devicemaintenances/save/', { cost: -0.01 }, { session: a });
    expect(cost.status).toBe(422);
    expect((cost.body.errors as Record<string, string>).cost).toBe(zh('too_small', { min: 0 }));
  });
});

describe('date-times need their offset (finding 13)', () => {
  it('refuses a date-time without one in a save and in a filter, and takes it with one', async () => {
    const a = await admin();
    const who = await person();
    const bare = await post('/persons/checkins/save/', { person_id: who, at: '2026-11-20 08:00:00', direction: 'in' }, { session: a });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ at: zh('offset_required') });
    const given = ok(await post('/persons/checkins/save/', { person_id: who, at: '2026-11-20 08:00:00+08:00', direction: 'in' },
      { session: a }), 'check-in with offset');
    expect(new Date((given.body.dt as Row).at as string).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    const filter = await get('/persons/checkins/list/', { filter: JSON.stringify([{ field: 'at', op: 'gte', value: '2026-11-20 00:00' }]) },
      { session: a });
    expect(filter.status).toBe(400);
  });
});

describe('rejected facts (finding 11)', () => {
  let line: Line;
  let pc: { id: number; code: string };
  let kiosk = '';
  let operator = 0;
  beforeAll(async () => {
    line = await lineWithCards([{}], 2, 10);
    pc = await computer(line.nodes);
    kiosk = (await deviceLogin(pc.code)).session;
    operator = await person();
  });

  const deadLetterMessages = async (): Promise<Row[]> =>
    (ok(await get('/messages/list/', { kind: 'deadletters', limit: 200 }, { session: await sessionOf('supervisor') })).body.dt as Row[])
      .filter(m => String(m.title).includes(pc.code));

  it('keeps at most 2 KB of arguments its schema refuses, and tells the resolvers once per terminal per hour', async () => {
    const before = (await deadLetterMessages()).length;
    // 500 facts of 15 KB each, every one refused by its schema (an unknown card field of junk).
    const junk = 'x'.repeat(15_000);
    const big = Array.from({ length: 20 }, (_, i) => ({ ...tap(i + 1, { card: 'C', worknode_id: line.nodes[0]!, person_id: operator, action: 'start' }),
      args: { card: junk, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' } }));
    expect((await push(kiosk, pc.code, big)).status).toBe(200);
    const stored = await factsOf(pc.id);
    expect(stored.length).toBe(20);
    for (const f of stored) {
      expect(f.status).toBe('rejected');
      expect(Buffer.byteLength(JSON.stringify(f.args))).toBeLessThanOrEqual(2 * 1024);
      expect((f.args as { too_large_bytes: number }).too_large_bytes).toBeGreaterThan(15_000);
    }
    // A second push rejected within the hour: no second message.
    const again = [tap(21, { card: 'NO-SUCH-CARD', worknode_id: line.nodes[0]!, person_id: operator, action: 'start' })];
    expect((await push(kiosk, pc.code, again)).status).toBe(200);
    expect((await deadLetterMessages()).length).toBe(before + 1);
  });
});

describe('the watermark (finding 3)', () => {
  it('never rises above the highest seq the server holds of the terminal, whatever floor a push claims', async () => {
    const line = await lineWithCards([{}], 2, 10);
    const pc = await computer(line.nodes);
    const kiosk = (await deviceLogin(pc.code)).session;
    const operator = await person();
    const forged = await push(kiosk, pc.code, [], 2_147_483_647);
    expect(forged.status).toBe(200);
    expect(forged.body.lastSeq).toBe(0);
    // The real kiosk's swipes still count, and the watermark follows them only.
    const first = await push(kiosk, pc.code, [tap(1, { card: line.cards[0]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' })],
      2_147_483_647);
    expect(first.status).toBe(200);
    expect(first.body.lastSeq).toBe(1);
    expect((first.body.results as { status: string }[])[0]!.status).toBe('applied');
    // A legitimate floor (a reset outbox starting at 10) still jumps the gap over what was sent.
    const jump = await push(kiosk, pc.code, [tap(10, { card: line.cards[1]!.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'start' })], 10);
    expect(jump.body.lastSeq).toBe(10);
  });
});
