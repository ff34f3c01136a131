import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/domain/contract/sync';
import { buildApp } from '../../../server/app';
import { rows, type Db } from '../../../server/db/connection';
import { postTo } from '../security/own-server';
import { freshDatabase, type TestDatabase } from '../test-database';
import { podDelivery } from './pod-fixtures';

/**
 * Proof of delivery from the driver's phone (docs/delivery.md "Proof of delivery", issue 32 item 5), on the engine of
 * the run: the phone, logged in as its terminal PHONE-01 with the demo driver, pushes the customer's receipt as one
 * `sign` fact carrying the signature and the photo; the server signs the shipped delivery once — its images stored as
 * files in the push's transaction and named by the delivery — and refuses, as dead letters with their reasons, what
 * cannot be signed. The deliveries are written by SQL (pod-fixtures.ts): shipping is not this test's.
 */
type Row = Record<string, unknown>;
let tdb: TestDatabase;
let db: Db;
let app: FastifyInstance;
let url = '';
let admin = '';
let phone = '';
let seq = 0;
const RUN = Date.now().toString(36).toUpperCase();

const ok = (r: { status: number; body: Row }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body; };

/** A device login of `username` at terminal `code` (a new terminal unless it exists), with an enrolment code. */
async function deviceSession(code: string, username: string, password: string, screen: string): Promise<string> {
  const [found] = await rows<{ id: number }>(db, sql`select id from computers where code = ${code}`);
  const id = found?.id ?? ok(await postTo(url, '/computers/save/', { code, name: code, screen }, admin)).id;
  const enrol = ok(await postTo(url, '/computers/enrol/', { id }, admin)).code as string;
  return ok(await postTo(url, '/accounts/login/', { username, password, computer: code, enrol })).sessionid as string;
}

/** A PNG or JPEG data URL of `bytes` bytes (the server stores what it is given; it does not decode images). */
const image = (kind: 'png' | 'jpeg', bytes: number, fill = 1) => `data:image/${kind};base64,${Buffer.alloc(bytes, fill).toString('base64')}`;

const receipt = (args: Row, at = new Date()): Mutation =>
  ({ id: randomUUID(), seq: ++seq, name: 'sign', args, at: at.toISOString(), v: 1 });

/** The phone's push: a JSON body, as the outbox's sender sends it. */
async function push(mutations: readonly unknown[], o: { device?: string; session?: string; status?: number } = {}) {
  const r = await fetch(`${url}/sync/push/`, {
    method: 'POST', body: JSON.stringify({ device: o.device ?? 'PHONE-01', mutations }),
    headers: { 'content-type': 'application/json', authorization: o.session ?? phone },
  });
  const body = await r.json() as { lastSeq: number; results: { id: string; status: string; key?: string; reason?: string }[] } & Row;
  expect(r.status, JSON.stringify(body)).toBe(o.status ?? 200);
  return body;
}

const deliveryRow = async (id: number) => (await rows<Row>(db, sql`
  select status, signer, sign_place, signature, photo, signed_at, version, canceled from deliveries where id = ${id}`))[0]!;
const fileOf = async (url: string | null) => (await rows<{ id: string; mime: string; size: number; expires_at: Date | null; data: Buffer }>(db, sql`
  select id, mime, size, expires_at, data from files where id = ${(url ?? '').replace(/^.*&id=/, '')}`))[0];
const signHistory = async (id: number) => Number((await rows<{ n: number }>(db, sql`
  select count(*)::int as n from history where table_name = 'deliveries' and kid = ${id} and after->>'status' = 'signed'`))[0]!.n);

beforeAll(async () => {
  tdb = await freshDatabase('sign-facts', { seeded: true });
  db = tdb.database.db;
  app = await buildApp({ db, serversFile: '/nonexistent' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  admin = ok(await postTo(url, '/accounts/login/', { username: 'admin', password: 'admin123' })).sessionid as string;
  phone = await deviceSession('PHONE-01', 'driver', 'driver123', 'delivery');
}, 120_000);
afterAll(async () => { await app?.close(); await tdb?.drop(); });

describe('a receipt pushed from the driver\'s phone', () => {
  it('signs a shipped delivery once, with its signature and photo stored as files the delivery names', async () => {
    const d = await podDelivery(db, { show_id: `POD-${RUN}-1` });
    const at = new Date(Date.now() - 15 * 60_000);
    const signature = image('png', 20_000, 3);
    const photo = image('jpeg', 280_000, 5);
    const fact = receipt({ delivery_id: d.id, signer: '陈经理', signature, photo, place: '31.2034567,121.5912345' }, at);
    const first = await push([fact]);
    expect(first.results).toEqual([{ id: fact.id, status: 'applied' }]);
    const signed = await deliveryRow(d.id);
    expect(signed).toMatchObject({ status: 'signed', signer: '陈经理', sign_place: '31.2034567,121.5912345', version: 2 });
    expect(new Date(signed.signed_at as string).getTime()).toBe(at.getTime());
    const sigFile = await fileOf(signed.signature as string);
    const photoFile = await fileOf(signed.photo as string);
    expect(sigFile).toMatchObject({ mime: 'image/png', size: 20_000, expires_at: null });
    expect(photoFile).toMatchObject({ mime: 'image/jpeg', size: 280_000, expires_at: null });
    expect(Buffer.from(sigFile!.data).equals(Buffer.alloc(20_000, 3))).toBe(true);
    // The stored fact names the files, not their bytes.
    const [stored] = await rows<{ args: Row; status: string }>(db, sql`select args, status from facts where uuid = ${fact.id}`);
    expect(stored).toMatchObject({ status: 'applied', args: { signature: signed.signature, photo: signed.photo } });
    // A logged-in user downloads them.
    const got = await fetch(`${url}${signed.photo as string}`, { headers: { authorization: admin } });
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(280_000);

    // The reply was lost and the phone pushes it again: nothing happens again — no second signing, no second file.
    const files = Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from files`))[0]!.n);
    const again = await push([fact]);
    expect(again.results.map(r => r.status)).toEqual(['duplicate']);
    expect((await deliveryRow(d.id)).version).toBe(2);
    expect(await signHistory(d.id)).toBe(1);
    expect(Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from files`))[0]!.n)).toBe(files);
    // The history says who signed it: the account the phone is logged in as.
    const [h] = await rows<{ by_name: string }>(db, sql`select by_name from history where table_name = 'deliveries' and kid = ${d.id}`);
    expect(h!.by_name).toBe((await rows<{ name: string }>(db, sql`select name from accounts where username = 'driver'`))[0]!.name);
  });

  it('signs without a photo or a place, and at the server\'s time when the phone\'s clock runs ahead', async () => {
    const d = await podDelivery(db, { show_id: `POD-${RUN}-2`, pick: 1 });
    const ahead = new Date(Date.now() + 3 * 3600_000);
    expect((await push([receipt({ delivery_id: d.id, signer: '李四', signature: image('png', 500) }, ahead)])).results[0]!.status).toBe('applied');
    const signed = await deliveryRow(d.id);
    expect(signed).toMatchObject({ status: 'signed', photo: null, sign_place: null });
    expect(new Date(signed.signed_at as string).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses, as dead letters with their reasons, receipts of deliveries that cannot be signed', async () => {
    const draft = await podDelivery(db, { show_id: `POD-${RUN}-D`, status: 'draft' });
    const canceled = await podDelivery(db, { show_id: `POD-${RUN}-C`, canceled: true });
    const signedOnline = await podDelivery(db, { show_id: `POD-${RUN}-S`, status: 'signed' });
    const twice = await podDelivery(db, { show_id: `POD-${RUN}-T` });
    const sig = image('png', 800);
    const facts = [
      receipt({ delivery_id: draft.id, signer: 'a', signature: sig }),
      receipt({ delivery_id: canceled.id, signer: 'b', signature: sig }),
      receipt({ delivery_id: signedOnline.id, signer: 'c', signature: sig }),
      // Two receipts of one delivery (two phones' worth): the first signs it, the second is refused.
      receipt({ delivery_id: twice.id, signer: 'first', signature: sig }),
      receipt({ delivery_id: twice.id, signer: 'second', signature: sig }),
      receipt({ delivery_id: 2_000_000_000, signer: 'e', signature: sig }),
    ];
    const r = await push(facts);
    expect(r.results.map(x => x.key ?? x.status)).toEqual([
      'delivery_sign_not_shipped', 'delivery_sign_canceled', 'delivery_sign_already_signed', 'applied', 'delivery_sign_already_signed',
      'delivery_sign_unknown',
    ]);
    expect(r.results.filter(x => x.status === 'rejected').every(x => typeof x.reason === 'string' && x.reason.length > 0)).toBe(true);
    expect(r.results[2]!.reason).toContain('先签的人');
    expect(r.results[4]!.reason).toContain('first');
    expect(await deliveryRow(draft.id)).toMatchObject({ status: 'draft', signer: null, signature: null, version: 1 });
    expect(await deliveryRow(canceled.id)).toMatchObject({ status: 'shipped', signature: null, version: 1 });
    expect(await deliveryRow(signedOnline.id)).toMatchObject({ signer: '先签的人', version: 1 });
    expect(await deliveryRow(twice.id)).toMatchObject({ signer: 'first', version: 2 });
    const stored = await rows<{ status: string; reason: string; args: Row }>(db, sql`
      select status, reason, args from facts where uuid = any(${sql.param(facts.map(f => f.id))}::text[]) and status = 'rejected'`);
    expect(stored).toHaveLength(5);
    // A refused receipt keeps what the customer signed: its file, named by its dead letter.
    for (const f of stored) expect((await fileOf(f.args.signature as string))?.size).toBe(800);
  });

  it('signs a refused receipt once a supervisor resubmits it after the delivery was shipped', async () => {
    const d = await podDelivery(db, { show_id: `POD-${RUN}-R`, status: 'draft', pick: 2 });
    const fact = receipt({ delivery_id: d.id, signer: '赵六', signature: image('png', 900), photo: image('jpeg', 1500) });
    expect((await push([fact])).results[0]!.key).toBe('delivery_sign_not_shipped');
    await db.execute(sql`update deliveries set status = 'shipped', shipped_at = now() where id = ${d.id}`);
    const [dead] = await rows<{ id: number; version: number; args: Row }>(db, sql`select id, version, args from facts where uuid = ${fact.id}`);
    const supervisor = ok(await postTo(url, '/accounts/login/', { username: 'supervisor', password: 'super123' })).sessionid as string;
    // The supervisor may resolve facts; signing needs the `sign` action of deliveries, which the admin holds.
    const refused = ok(await postTo(url, '/sync/facts/resubmit/', { id: dead!.id, version: dead!.version, args: dead!.args }, supervisor));
    expect(refused).toMatchObject({ status: 'rejected' });
    const done = ok(await postTo(url, '/sync/facts/resubmit/', { id: dead!.id, version: Number(refused.version), args: dead!.args }, admin));
    expect(done).toMatchObject({ status: 'resolved' });
    const signed = await deliveryRow(d.id);
    expect(signed).toMatchObject({ status: 'signed', signer: '赵六', signature: dead!.args.signature, photo: dead!.args.photo });
    expect((await fileOf(signed.photo as string))?.size).toBe(1500);
  });

  it('refuses receipts from an account without the sign action of deliveries', async () => {
    const d = await podDelivery(db, { show_id: `POD-${RUN}-O` });
    const kiosk = `PC-POD-${RUN}`;
    const operator = await deviceSession(kiosk, 'operator', 'oper123', 'tap3');
    const r = await push([{ ...receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 100) }), seq: 1 }], { device: kiosk, session: operator });
    expect(r.results.map(x => x.key)).toEqual(['delivery_sign_not_allowed']);
    expect(await deliveryRow(d.id)).toMatchObject({ status: 'shipped', version: 1 });
  });

  it('refuses bad receipts cleanly, as dead letters or a 400, and stores no image of an unreadable one', async () => {
    const d = await podDelivery(db, { show_id: `POD-${RUN}-B` });
    const files = Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from files`))[0]!.n);
    const bad = [
      receipt({ delivery_id: d.id, signer: '', signature: image('png', 100) }),
      receipt({ delivery_id: d.id, signer: 'x' }),
      receipt({ delivery_id: d.id, signer: 'x', signature: 'data:image/gif;base64,R0lGODlh' }),
      receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 300_000) }),
      receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 100), place: 'at the dock' }),
      receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 100), photo: '/files/?action=download&id=NoSuchFileAtAllHere0123' }),
      receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 100), status: 'signed' }),
      { ...receipt({ delivery_id: d.id, signer: 'x', signature: image('png', 100) }), v: 99 },
    ];
    const r = await push(bad);
    expect(r.results.map(x => x.key)).toEqual([
      'fact_bad_args', 'fact_bad_args', 'fact_bad_args', 'fact_bad_args', 'fact_bad_args', 'delivery_sign_file_missing', 'fact_bad_args',
      'fact_bad_args',
    ]);
    expect(await deliveryRow(d.id)).toMatchObject({ status: 'shipped', version: 1 });
    // Only the receipt that read (refused for the file it names) keeps its signature; the unreadable ones keep none.
    expect(Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from files`))[0]!.n)).toBe(files + 1);
    // Stored small: an image too large for its fact is kept as its size.
    const [huge] = await rows<{ n: number }>(db, sql`select length(args::text) as n from facts where uuid = ${bad[3]!.id}`);
    expect(huge!.n).toBeLessThan(2100);
    // A push the contract refuses: 400, nothing written.
    for (const mutations of [[{ ...receipt({ delivery_id: d.id }), name: 'autograph' }], [{ ...receipt({ delivery_id: d.id }), id: 'not-a-uuid' }]]) {
      const refused = await push(mutations, { status: 400 });
      expect(typeof refused.msg).toBe('string');
    }
    expect(await deliveryRow(d.id)).toMatchObject({ status: 'shipped', version: 1 });
  });
});
