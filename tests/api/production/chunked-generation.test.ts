import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { rows, type Db } from '../../../server/db/connection';
import { idempotentSteps, type Step } from '../../../server/auth/idempotency';
import type { Auth } from '../../../server/auth/sessions';
import { ApiError } from '../../../server/lib/api-error';
import { GENERATION_CHUNK, generateCards } from '../../../server/areas/production/generate-cards';
import { translate } from '../../../src/domain/messages/catalog';
import { freshDatabase, type TestDatabase } from '../test-database';
import { postTo } from '../security/own-server';

/**
 * A big card generation commits in chunks (issue 29 item 5: no request holds the embedded database for more than
 * about a second; 10,000 cards in one transaction held it ≈ 4 s): each chunk is its own transaction — seen in the
 * cards' `xmin`, the transaction that wrote each row — and together they make exactly what one transaction made. A
 * chunk refused after others committed leaves those cards and says how many; an idempotent repeat answers the first
 * reply, and a repeat of a request stopped part way is refused rather than run twice. A server and database of its own,
 * so the test can reach between the chunks.
 */
let tdb: TestDatabase;
let app: FastifyInstance;
let url = '';
let session = '';
let db: Db;
type Row = Record<string, unknown>;

const auth: Auth = {
  accountId: 0, username: 'admin', name: 'admin', personId: null, isAdmin: true, menus: new Set(), roleCodes: [],
  roleIds: [], permissions: { admin: true, resources: {} }, sessionRowId: 0, tokenRowId: 0,
};

async function call(path: string, values: Row, headers: Record<string, string> = {}): Promise<{ status: number; body: Row }> {
  return postTo(url, path, values, session, headers);
}

/** A confirmed one-line order of `quantity` of an item with a routing; its line's id. */
async function openLine(quantity: number): Promise<number> {
  const [item] = await rows<{ id: number }>(db, sql`
    select i.id from items i join workflows w on w.id = i.workflow_id
    where coalesce(array_length(w.worknode_ids, 1), 0) >= 2 and i.price > 0 order by i.id limit 1`);
  const [customer] = await rows<{ id: number }>(db, sql`select id from customers order by id limit 1`);
  const saved = await call('/orders/orders/save_with_lines/',
    { item: { customer_id: customer!.id }, lines: [{ item_id: item!.id, quantity }] }, { 'idempotency-key': randomUUID() });
  expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
  const confirmed = await call('/orders/orders/transition/', { id: saved.body.id, version: saved.body.version, to: 'confirmed' });
  expect(confirmed.status, JSON.stringify(confirmed.body).slice(0, 300)).toBe(200);
  return Number((saved.body.lines as Row[])[0]!.id);
}

/** The line's live cards: count, quantity, seq range, distinct numbers, and the cards per writing transaction. */
async function cardsOf(lineId: number) {
  const [c] = await rows<{ n: number; q: number; lo: number; hi: number; numbers: number }>(db, sql`
    select count(*)::int as n, coalesce(sum(quantity), 0)::float8 as q, min(seq) as lo, max(seq) as hi,
      count(distinct show_id)::int as numbers
    from cards where detail_id = ${lineId} and not canceled`);
  const perTx = await rows<{ n: number }>(db, sql`
    select count(*)::int as n from cards where detail_id = ${lineId} group by xmin::text order by min(seq)`);
  const [line] = await rows<{ card_quantity: number }>(db, sql`select card_quantity::float8 as card_quantity from details where id = ${lineId}`);
  return { ...c!, perTx: perTx.map(r => Number(r.n)), cardQuantity: Number(line!.card_quantity) };
}

beforeAll(async () => {
  tdb = await freshDatabase('chunkgen', { seeded: true });
  db = tdb.database.db;
  app = await buildApp({ db, serversFile: '/nonexistent' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await postTo(url, '/accounts/login/', { username: 'admin', password: 'admin123' });
  session = login.body.sessionid as string;
  const [admin] = await rows<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);
  auth.accountId = Number(admin!.id);
}, 120_000);
afterAll(async () => { await app?.close(); await tdb?.drop(); });

describe('a generation bigger than a chunk', () => {
  it('commits chunk by chunk and makes exactly the cards one transaction made; a repeat answers the first reply', async () => {
    const count = 3 * GENERATION_CHUNK - 7;
    const lineId = await openLine(count * 2);
    const key = randomUUID();
    const r = await call('/orders/cards/generate/', { detail_id: lineId, count }, { 'idempotency-key': key });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(r.body.total).toBe(count);
    const dt = r.body.dt as Row[];
    expect(dt.map(c => c.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));

    const made = await cardsOf(lineId);
    expect(made).toMatchObject({ n: count, lo: 1, hi: count, numbers: count, q: count * 2, cardQuantity: count * 2 });
    // Three transactions, none holding more than a chunk: other requests ran between them.
    expect(made.perTx).toEqual([GENERATION_CHUNK, GENERATION_CHUNK, GENERATION_CHUNK - 7]);
    const [nodes] = await rows<{ n: number; per: number }>(db, sql`
      select count(*)::int as n, count(distinct card_id)::int as per from cardnodes n
      join cards c on c.id = n.card_id where c.detail_id = ${lineId}`);
    expect(Number(nodes!.per)).toBe(count);
    expect(Number(nodes!.n) % count).toBe(0);

    const again = await call('/orders/cards/generate/', { detail_id: lineId, count }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect((await cardsOf(lineId)).n).toBe(count);
  });

  it('makes one set for two sendings of one request at once', async () => {
    const count = GENERATION_CHUNK + 10;
    const lineId = await openLine(count);
    const key = randomUUID();
    const send = () => call('/orders/cards/generate/', { detail_id: lineId, count }, { 'idempotency-key': key });
    const replies = await Promise.all([send(), send()]);
    // The second waits for the first's claim: it gets the first reply, or — while the chunks still run — a refusal.
    const good = replies.filter(r => r.status === 200);
    expect(good.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) if (r.status !== 200) expect(r.status, JSON.stringify(r.body)).toBe(409);
    for (const r of good) expect(r.body.total).toBe(count);
    expect((await cardsOf(lineId)).n).toBe(count);
  });

  it('keeps the chunks made when a later one is refused, and says how many', async () => {
    const total = GENERATION_CHUNK + 500;
    const lineId = await openLine(total);
    let steps = 0;
    // Between the first and the second chunk the line is cancelled, as another user could do.
    const step: Step = async fn => {
      steps += 1;
      if (steps === 2) await db.execute(sql`update details set canceled = true where id = ${lineId}`);
      return db.transaction(tx => fn(tx as unknown as Db));
    };
    const refused = await generateCards(step, auth, { detail_id: lineId, count: total }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    const e = refused as ApiError;
    expect(e.status).toBe(409);
    expect(e.key).toBe('cards_generated_partly');
    expect(e.params).toMatchObject({ made: GENERATION_CHUNK, total });
    expect(e.extra).toEqual({ made: GENERATION_CHUNK, total });
    expect((e.params.reason as (lang: 'zh' | 'en') => string)('en')).toBe(translate('en', 'line_canceled'));
    const made = await cardsOf(lineId);
    expect(made).toMatchObject({ n: GENERATION_CHUNK, q: GENERATION_CHUNK, cardQuantity: GENERATION_CHUNK });
  });

  it('re-checks the line before each chunk: another generation that took the rest stops it', async () => {
    const lineId = await openLine(3000);
    let steps = 0;
    const step: Step = async fn => {
      steps += 1;
      // Another request puts the rest of the line on one card between the chunks.
      if (steps === 2) {
        const other = await call('/orders/cards/generate/', { detail_id: lineId, count: 1 }, { 'idempotency-key': randomUUID() });
        expect(other.status, JSON.stringify(other.body)).toBe(200);
      }
      return db.transaction(tx => fn(tx as unknown as Db));
    };
    const refused = await generateCards(step, auth, { detail_id: lineId, size: 1, quantity: 1500 }).then(() => undefined, (e: unknown) => e);
    expect((refused as ApiError).key).toBe('cards_generated_partly');
    const made = await cardsOf(lineId);
    // The line is never over-carded: its first chunk, then the other request's one card of the rest.
    expect(made).toMatchObject({ n: GENERATION_CHUNK + 1, q: 3000, cardQuantity: 3000 });
  });
});

describe('an idempotent write in steps', () => {
  const request = (key: string) => ({ headers: { 'idempotency-key': key } }) as unknown as FastifyRequest;

  it('refuses a repeat of a request stopped part way, and lets a request refused at its first step be sent again', async () => {
    const key = randomUUID();
    const stopped = await idempotentSteps(db, request(key), auth, '/test/steps/', { a: 1 }, async ({ step }) => {
      await step(async tx => tx.execute(sql`select 1`));
      await step(async () => { throw new ApiError(409, 'nothing_left'); });
      return { msg: 'OK' };
    }).then(() => undefined, (e: unknown) => e);
    expect((stopped as ApiError).key).toBe('nothing_left');
    const repeat = await idempotentSteps(db, request(key), auth, '/test/steps/', { a: 1 },
      async ({ step }) => ({ msg: 'again', n: await step(async () => 1) }))
      .then(() => undefined, (e: unknown) => e);
    expect(repeat).toMatchObject({ status: 409, key: 'idempotency_unfinished' });

    const key2 = randomUUID();
    const first = await idempotentSteps(db, request(key2), auth, '/test/steps/', { a: 2 }, async ({ step }) => {
      await step(async () => { throw new ApiError(409, 'nothing_left'); });
      return { msg: 'OK' };
    }).then(() => undefined, (e: unknown) => e);
    expect((first as ApiError).key).toBe('nothing_left');
    let runs = 0;
    const run = () => idempotentSteps(db, request(key2), auth, '/test/steps/', { a: 2 }, async ({ step }) => {
      runs += await step(async () => 1);
      return { msg: 'OK', runs };
    });
    expect(await run()).toEqual({ msg: 'OK', runs: 1 });
    expect(await run()).toEqual({ msg: 'OK', runs: 1 });
    expect(runs).toBe(1);
  });
});
