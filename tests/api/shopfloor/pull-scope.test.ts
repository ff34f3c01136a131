import { describe, expect, it } from 'vitest';
import { get, sessionOf } from '../client';
import { computer, deviceLogin, lineWithCards, ok, person, pushOk, stepsOf, tap, type Row } from './fixtures';

/**
 * The kiosk's offline copy of the open work (docs/shopfloor.md; offlineScope of cards and card steps): a first fill
 * holds only unfinished cards and open steps; a card finished by a swipe, and its steps, leave the copy as deleted ids.
 */

interface Pulled { rows: Row[]; deleted: number[]; cursor: number; more: boolean }

async function pullAll(session: string, table: string, since: number): Promise<Pulled> {
  const out: Pulled = { rows: [], deleted: [], cursor: since, more: true };
  while (out.more) {
    const r = ok(await get('/sync/pull/', { table, since: out.cursor }, { session })).body as unknown as Pulled;
    out.rows.push(...r.rows);
    out.deleted.push(...r.deleted);
    out.cursor = r.cursor;
    out.more = r.more;
  }
  return out;
}

describe('the open work offline', () => {
  it('fills with open cards and steps only, and drops a card finished by a swipe', async () => {
    const line = await lineWithCards([{ tap_mode: 'single' }, { tap_mode: 'single' }], 2, 20);
    const pc = await computer(line.nodes);
    const { session } = await deviceLogin(pc.code);
    const operator = await person();
    const [a, b] = line.cards as [(typeof line.cards)[number], (typeof line.cards)[number]];

    // The first fill: no finished or cancelled card, no closed step (the demo has many done ones).
    const cards = await pullAll(session, 'cards', 0);
    expect(cards.rows.length).toBeGreaterThan(0);
    expect(cards.rows.every(c => c.status !== 'done' && c.canceled !== true)).toBe(true);
    expect(cards.rows.map(c => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const steps = await pullAll(session, 'cardnodes', 0);
    expect(steps.rows.every(s => (s.status === 'waiting' || s.status === 'running') && s.canceled !== true)).toBe(true);
    const aSteps = await stepsOf(a.id);
    expect(steps.rows.map(s => s.id)).toEqual(expect.arrayContaining(aSteps.map(s => s.id)));
    const admin = await sessionOf('admin');
    const done = ok(await get('/orders/cards/list/', { finished: 1, limit: 1 }, { session: admin })).body.total as number;
    expect(done, 'the demo has finished cards to leave out').toBeGreaterThan(0);

    // Card a passes both steps: the next pulls tell the copy to drop it and its steps; b stays.
    const r = await pushOk(session, pc.code, [
      tap(1, { card: a.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'pass' }),
      tap(2, { card: a.show_id, worknode_id: line.nodes[1]!, person_id: operator, action: 'pass' }),
      tap(3, { card: b.show_id, worknode_id: line.nodes[0]!, person_id: operator, action: 'pass' }),
    ]);
    expect(r.results.map(x => x.status)).toEqual(['applied', 'applied', 'applied']);
    // The pull horizon may hold a change back while another transaction is open: pull until the card has left.
    await expect.poll(async () => (await pullAll(session, 'cards', cards.cursor)).deleted).toContain(a.id);
    const later = await pullAll(session, 'cards', cards.cursor);
    expect(later.deleted).not.toContain(b.id);
    expect(later.rows.find(c => c.id === b.id)).toMatchObject({ status: 'running', worknode_id: line.nodes[1] });
    const laterSteps = await pullAll(session, 'cardnodes', steps.cursor);
    const bSteps = await stepsOf(b.id);
    expect(laterSteps.deleted).toEqual(expect.arrayContaining([...aSteps.map(s => s.id), bSteps[0]!.id]));
    expect(laterSteps.deleted).not.toContain(bSteps[1]!.id);
  });
});
