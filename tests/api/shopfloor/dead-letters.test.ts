import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, listEvery, post, sessionOf } from '../client';
import {
  computer, deviceLogin, factsOf, inspection, lineWithCards, person, pushOk, stepsOf, tap, worksOf, type Line, type Row,
} from './fixtures';

/**
 * Dead letters (docs/shopfloor.md): a supervisor holding `resolve` corrects a rejected fact and resubmits it (the rules
 * run again: resolved with its effects, or still rejected with the new reason) or dismisses it with a note; only a
 * rejected fact, at the version seen, with a history entry. Facts are never written by the generic calls.
 */

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('zh', key, params);

let line: Line;
let pc: { id: number; code: string };
let kiosk = '';
let operator = 0;
let seq = 0;
let supervisor = '';

beforeAll(async () => {
  line = await lineWithCards([{}, { sequence_check: 'strict' }], 4, 40);
  pc = await computer(line.nodes);
  kiosk = (await deviceLogin(pc.code)).session;
  operator = await person();
  supervisor = await sessionOf('supervisor');
});

/** Pushes facts that the server rejects; the stored rows, in order. */
async function rejected(...facts: ReturnType<typeof tap>[]): Promise<Row[]> {
  const r = await pushOk(kiosk, pc.code, facts);
  expect(r.results.every(x => x.status === 'rejected')).toBe(true);
  const stored = await factsOf(pc.id);
  return facts.map(f => stored.find(s => s.uuid === f.id)!);
}

const resubmit = (values: Record<string, unknown>, session = supervisor) => post('/sync/facts/resubmit/', values, { session });
const dismiss = (values: Record<string, unknown>, session = supervisor) => post('/sync/facts/dismiss/', values, { session });

describe('resubmit', () => {
  it('applies a corrected fact: resolved, with its effects and a history entry', async () => {
    const card = line.cards[0]!;
    const args = { card: `${card.show_id}X`, worknode_id: line.nodes[0]!, person_id: operator, action: 'pass' as const };
    const [fact] = await rejected(tap(++seq, args));
    expect(fact).toMatchObject({ status: 'rejected', reason: 'tap_card_unknown', version: 1 });
    const r = await resubmit({ id: fact!.id, version: 1, args: { ...args, card: card.show_id }, note: '卡号扫错了' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: 'OK', id: fact!.id, version: 2, status: 'resolved', reason: null });
    const [after] = await listEvery('/sync/facts/list/', { uuid: fact!.uuid }, { session: supervisor });
    expect(after).toMatchObject({
      status: 'resolved', reason: null, note: '卡号扫错了', card_id: card.id, card_show_id: card.show_id, action: 'pass', version: 2,
      args: { ...args, card: card.show_id },
    });
    expect(after!.resolved_by).toEqual(expect.any(Number));
    expect(after!.resolved_at).toBeTruthy();
    const [step] = await stepsOf(card.id);
    expect(step).toMatchObject({ status: 'done', person_id: operator });
    expect(new Date(String(step!.finished_at)).getTime()).toBe(new Date(String(fact!.at)).getTime());
    expect(await worksOf(step!.id as number)).toHaveLength(1);
    const history = (await get('/history/list/', { table_name: 'facts', kid: fact!.id }, { session: supervisor })).body.dt as Row[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'update', before: { status: 'rejected' }, after: { status: 'resolved' } });
    // Settled: neither action again.
    const again = await resubmit({ id: fact!.id, version: 2, args: { ...args, card: card.show_id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(zh('fact_not_rejected'));
    expect((await dismiss({ id: fact!.id, version: 2, note: 'x' })).status).toBe(409);
  });

  it('keeps a fact still refused rejected, with the new reason, the correction and a new version', async () => {
    const card = line.cards[1]!;
    const args = { card: card.show_id, worknode_id: line.nodes[1]!, person_id: operator, action: 'start' as const };
    const [fact] = await rejected(tap(++seq, { ...args, person_id: 2_000_000_000 }));
    expect(fact).toMatchObject({ reason: 'tap_person_unknown' });
    const r = await resubmit({ id: fact!.id, version: 1, args });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ msg: 'OK', version: 2, status: 'rejected', reason: zh('tap_sequence'), msg1: zh('tap_sequence') });
    const [after] = await listEvery('/sync/facts/list/', { uuid: fact!.uuid }, { session: supervisor });
    expect(after).toMatchObject({ status: 'rejected', reason: 'tap_sequence', person_id: operator, args, resolved_by: null });
    expect((await stepsOf(card.id))[1]).toMatchObject({ status: 'waiting' });
  });

  it('resubmits an inspection into its inspection row', async () => {
    const card = line.cards[2]!;
    const f = inspection(++seq, 'inspect', { card: 'C-NOPE', person_id: operator, quantity: 3, defects: [{ reason: '破损', quantity: 1 }] });
    const r = await pushOk(kiosk, pc.code, [f]);
    expect(r.results[0]).toMatchObject({ status: 'rejected', key: 'inspect_no_card' });
    const fact = (await factsOf(pc.id)).find(x => x.uuid === f.id)!;
    const ok = await resubmit({ id: fact.id, version: 1, args: { ...f.args, card: card.show_id } });
    expect(ok.body).toMatchObject({ status: 'resolved' });
    const rows = await listEvery('/warehouses/details/list/', { fact_id: fact.id }, { session: supervisor });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ card_id: card.id, quantity: 3, defects: ['破损'], computer_id: pc.id });
  });

  it('refuses a stale version, a correction that does not read, a caller without resolve, and bad parameters', async () => {
    const card = line.cards[3]!;
    const args = { card: card.show_id, worknode_id: line.nodes[0]!, person_id: 2_000_000_000, action: 'start' as const };
    const [fact] = await rejected(tap(++seq, args));
    const stale = await resubmit({ id: fact!.id, version: 7, args });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ version: 1 });
    const bad = await resubmit({ id: fact!.id, version: 1, args: { ...args, action: 'explode' } });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toContain('action');
    for (const role of ['operator', 'sales', 'inspector'] as const) {
      const s = await sessionOf(role);
      expect((await resubmit({ id: fact!.id, version: 1, args }, s)).status, role).toBe(403);
      expect((await dismiss({ id: fact!.id, version: 1, note: 'n' }, s)).status, role).toBe(403);
      // Refused before its parameters are looked at.
      expect((await resubmit({}, s)).status, role).toBe(403);
    }
    const bodies: [string, Record<string, unknown>][] = [
      ['resubmit', {}], ['resubmit', { id: fact!.id, version: 1 }], ['resubmit', { id: 'x', version: 1, args }],
      ['resubmit', { id: fact!.id, version: 1, args: '[1,' }], ['resubmit', { id: fact!.id, version: 1, args: [1] }],
      ['resubmit', { id: fact!.id, version: 1, args, note: 'x'.repeat(501) }], ['resubmit', { id: fact!.id, version: 0, args }],
      ['dismiss', { id: fact!.id, version: 1 }], ['dismiss', { id: fact!.id, version: 1, note: '  ' }],
      ['dismiss', { id: fact!.id, version: 1, note: 'x'.repeat(501) }], ['dismiss', { id: 2 ** 31, version: 1, note: 'n' }],
    ];
    for (const [which, body] of bodies) {
      const r = which === 'resubmit' ? await resubmit(body) : await dismiss(body);
      expect(r.status, `${which} ${JSON.stringify(body).slice(0, 100)}`).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
    const missing = await dismiss({ id: 2_000_000_000, version: 1, note: 'n' });
    expect(missing.status).toBe(404);
    const [still] = await listEvery('/sync/facts/list/', { uuid: fact!.uuid }, { session: supervisor });
    expect(still).toMatchObject({ status: 'rejected', version: 1, note: null });
  });
});

describe('dismiss', () => {
  it('sets a rejected fact aside with its note, who and when', async () => {
    const [fact] = await rejected(tap(++seq, { card: 'C-JUNK', worknode_id: line.nodes[0]!, person_id: operator, action: 'start' }));
    const r = await dismiss({ id: fact!.id, version: 1, note: '测试卡，忽略' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: 'OK', id: fact!.id, version: 2, status: 'dismissed', reason: null });
    const [after] = await listEvery('/sync/facts/list/', { uuid: fact!.uuid }, { session: supervisor });
    expect(after).toMatchObject({ status: 'dismissed', note: '测试卡，忽略', reason: 'tap_card_unknown' });
    expect(after!.resolved_by).toEqual(expect.any(Number));
    const history = (await get('/history/list/', { table_name: 'facts', kid: fact!.id }, { session: supervisor })).body.dt as Row[];
    expect(history[0]).toMatchObject({ after: { status: 'dismissed', note: '测试卡，忽略' } });
  });
});

describe('the generic calls', () => {
  it('never write a fact', async () => {
    const [fact] = await rejected(tap(++seq, { card: 'C-JUNK2', worknode_id: line.nodes[0]!, person_id: operator, action: 'start' }));
    const admin = await sessionOf('admin');
    for (const r of [
      await post('/sync/facts/save/', {}, { session: admin }),
      await post('/sync/facts/save/', { id: fact!.id, version: 1 }, { session: admin }),
      await post('/sync/facts/cancel/', { id: fact!.id, version: 1 }, { session: admin }),
    ]) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(zh('fact_write_refused'));
    }
    const [still] = await listEvery('/sync/facts/list/', { uuid: fact!.uuid }, { session: admin });
    expect(still).toMatchObject({ status: 'rejected', version: 1, canceled: false });
  });
});
