import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, listEvery, post, sessionOf } from '../client';
import { computer, deviceLogin, factsOf, inspection, lineWithCards, ok, person, pushOk, type Line, type Row } from './fixtures';

/**
 * Inspections from a tablet (docs/shopfloor.md): a `precheck` makes a semi-finished inspection (predetails), an
 * `inspect` a finished-goods one (inventorydetails), each with one defect row (baddetails) per reason. None of the
 * three is created by a save; inspections are corrected in the office with history, and cancelling one cancels its
 * defects.
 */

const zh = (key: Parameters<typeof translate>[1]) => translate('zh', key);

let line: Line;
let tablet: { id: number; code: string };
let session = '';
let inspector = 0;
let seq = 0;

beforeAll(async () => {
  line = await lineWithCards([{}], 2, 40);
  tablet = await computer([]);
  session = (await deviceLogin(tablet.code, 'inspector')).session;
  inspector = await person();
});

const byFact = async (api: string, factId: unknown): Promise<Row[]> =>
  listEvery(`${api}/list/`, { fact_id: factId }, { session: await sessionOf('admin') });

describe('inspection facts', () => {
  it('a precheck makes a semi-finished inspection and its defects by reason', async () => {
    const card = line.cards[0]!;
    const at = new Date(Date.now() - 5_000);
    const f = inspection(++seq, 'precheck', {
      card: card.show_id, worknode_id: line.nodes[0], person_id: inspector, quantity: 17, bad_quantity: 3, weight: 2.5, grade: 'A',
      defects: [{ reason: '色差', quantity: 2 }, { reason: '破损', quantity: 0.5 }, { reason: '色差', quantity: 0.5 }],
      photos: ['/files/?action=get&file=a.jpg'], remark: '首检',
    }, at);
    const r = await pushOk(session, tablet.code, [f]);
    expect(r).toMatchObject({ lastSeq: seq, results: [{ status: 'applied' }] });
    const [fact] = await factsOf(tablet.id);
    const [row] = await byFact('/warehouses/predetails', fact!.id);
    expect(row).toMatchObject({
      card_id: card.id, card_show_id: card.show_id, item_id: line.item, worknode_id: line.nodes[0], quantity: 17, bad_quantity: 3,
      weight: 2.5, grade: 'A', defects: ['色差', '破损'], photos: ['/files/?action=get&file=a.jpg'], person_id: inspector,
      computer_id: tablet.id, remark: '首检',
    });
    expect(new Date(String(row!.inspected_at)).getTime()).toBe(at.getTime());
    const defects = await listEvery('/warehouses/baddetails/list/', { predetail_id: row!.id, sort: 'reason' }, { session });
    expect(defects.map(d => [d.reason, d.quantity, d.source, d.card_id, d.person_id]).sort()).toEqual([
      ['破损', 0.5, 'precheck', card.id, inspector], ['色差', 2.5, 'precheck', card.id, inspector],
    ].sort());
    expect(await byFact('/warehouses/details', fact!.id)).toEqual([]);
  });

  it('an inspect makes a finished-goods inspection; an unknown card is refused and makes nothing', async () => {
    const card = line.cards[1]!;
    const good = inspection(++seq, 'inspect', { card: card.show_id, person_id: inspector, quantity: 20, defects: [{ reason: '污渍', quantity: 1 }] });
    const unknown = inspection(++seq, 'inspect', { card: 'C-NO-SUCH', person_id: inspector, quantity: 1 });
    const stranger = inspection(++seq, 'precheck', { card: card.show_id, person_id: 2_000_000_000, quantity: 1 });
    const r = await pushOk(session, tablet.code, [good, unknown, stranger]);
    expect(r.results.map(x => [x.status, x.key ?? null])).toEqual([['applied', null], ['rejected', 'inspect_no_card'], ['rejected', 'tap_person_unknown']]);
    const facts = await factsOf(tablet.id);
    const [row] = await byFact('/warehouses/details', facts.at(-3)!.id);
    expect(row).toMatchObject({ card_id: card.id, quantity: 20, worknode_id: null, defects: ['污渍'], computer_id: tablet.id });
    const defects = await listEvery('/warehouses/baddetails/list/', { inventorydetail_id: row!.id }, { session });
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({ source: 'inspect', reason: '污渍', quantity: 1 });
    expect(await byFact('/warehouses/details', facts.at(-2)!.id)).toEqual([]);
  });
});

describe('inspections in the office', () => {
  it('are not created by a save, nor their defects', async () => {
    const admin = await sessionOf('admin');
    const p = await post('/warehouses/predetails/save/', { person_id: inspector, quantity: 1 }, { session: admin });
    expect(p.status).toBe(409);
    expect(p.body.msg).toBe(zh('inspection_from_fact'));
    const i = await post('/warehouses/details/save/', { person_id: inspector, quantity: 1 }, { session: admin });
    expect(i.status).toBe(409);
    expect(i.body.msg).toBe(zh('inspection_from_fact'));
    const b = await post('/warehouses/baddetails/save/', { reason: '色差', quantity: 1 }, { session: admin });
    expect(b.status).toBe(409);
    expect(b.body.msg).toBe(zh('defect_from_inspection'));
  });

  it('are corrected with history by an inspector, and cancelled with their defects', async () => {
    const card = line.cards[0]!;
    const f = inspection(++seq, 'precheck', { card: card.show_id, person_id: inspector, quantity: 5, defects: [{ reason: '脱胶', quantity: 1 }] });
    await pushOk(session, tablet.code, [f]);
    const fact = (await factsOf(tablet.id)).find(x => x.uuid === f.id)!;
    const [row] = await byFact('/warehouses/predetails', fact.id);
    const office = await sessionOf('inspector');
    const edited = ok(await post('/warehouses/predetails/save/', { id: row!.id, version: row!.version, quantity: 6, grade: 'B', remark: '复核' },
      { session: office }), 'edit');
    expect(edited.body.dt).toMatchObject({ quantity: 6, grade: 'B', remark: '复核', version: 2, fact_id: fact.id });
    const history = ok(await get('/history/list/', { table_name: 'predetails', kid: row!.id }, { session: office })).body.dt as Row[];
    expect(history.map(h => h.action)).toContain('update');
    // Where it came from stays as it was.
    const readOnly = await post('/warehouses/predetails/save/', { id: row!.id, version: 2, card_id: line.cards[1]!.id }, { session: office });
    expect(readOnly.status).toBe(422);

    const admin = await sessionOf('admin');
    ok(await post('/warehouses/predetails/cancel/', { id: row!.id, version: 2 }, { session: admin }), 'cancel');
    const defects = await listEvery('/warehouses/baddetails/list/', { predetail_id: row!.id }, { session: admin });
    expect(defects.map(d => d.canceled)).toEqual([true]);
  });
});
