import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { rows } from '../../../server/db/connection';
import { baseUrl, post } from '../client';
import { makeAccount, makeRole, ok } from './helpers';
import { OWN_ADMIN, postTo, startOwnServer, type OwnServer } from './own-server';

/**
 * The "Low" findings of the security review (issue 29): a broken multipart upload answered 500 and kept its quota
 * (6); uploads were served with the uploader's type from our origin (7); a session could guess the old password
 * without limit (8); a badge number typed into a keyword search reached the log (12).
 */

const BOUNDARY = '----ipos29';

/** One multipart body, as raw text, with its content type. */
function multipart(body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return { body: new Uint8Array(Buffer.from(body, 'latin1')), contentType };
}

const PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';
const DATA = 'x'.repeat(40_000);

/** The broken bodies the review sent: each used to answer 500 and keep its bytes of the day's quota. */
const BROKEN: Record<string, { body: Uint8Array<ArrayBuffer>; contentType: string }> = {
  'no boundary in the content type': multipart(`${PART_HEAD}${DATA}\r\n--${BOUNDARY}--\r\n`, 'multipart/form-data'),
  'a body cut in the part headers': multipart(`${PART_HEAD.slice(0, 50)}`),
  'a body cut mid-part': multipart(`${PART_HEAD}${DATA}`),
  'a body with no closing boundary': multipart(`${PART_HEAD}${DATA}\r\n--${BOUNDARY}\r\n`),
  'a part without headers': multipart(`--${BOUNDARY}\r\n\r\n${DATA}\r\n--${BOUNDARY}--\r\n`),
};

async function send(url: string, session: string, b: { body: Uint8Array<ArrayBuffer>; contentType: string }, lang = 'en') {
  const r = await fetch(`${url}/files/upload/`, {
    method: 'POST', body: b.body, headers: { authorization: session, 'content-type': b.contentType, 'accept-language': lang },
  });
  const text = await r.text();
  let body: Record<string, unknown>;
  try { body = JSON.parse(text) as Record<string, unknown>; } catch { body = { raw: text }; }
  return { status: r.status, body };
}

async function uploadFile(url: string, session: string, name: string, type: string, data: Uint8Array<ArrayBuffer> | string) {
  const fd = new FormData();
  fd.append('file', new Blob([data], { type }), name);
  const r = await fetch(`${url}/files/upload/`, { method: 'POST', body: fd, headers: { authorization: session } });
  expect(r.status).toBe(200);
  return (await r.json() as { url: string }).url;
}

/** Everything the server logs, line by line (its own server, at `info`). */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) { logged.push(...chunk.toString('utf8').split('\n').filter(Boolean)); done(); },
});

let own: OwnServer;
let session = '';
let rootId = 0;
beforeAll(async () => {
  own = await startOwnServer('review_low', { security: { uploadQuotaBytes: 1024 * 1024 }, logger: { level: 'info', stream: logStream } });
  session = (await own.login(OWN_ADMIN.username, OWN_ADMIN.password)).session;
  const [r] = await rows<{ id: number }>(own.db, sql`select id from accounts where username = ${OWN_ADMIN.username}`);
  rootId = r!.id;
});
afterAll(async () => { await own?.close(); });

const usedToday = async () => {
  const [r] = await rows<{ bytes: number | string | null }>(own.db,
    sql`select sum(bytes) as bytes from upload_usage where account_id = ${rootId} and day = current_date`);
  return Number(r?.bytes ?? 0);
};

describe('a broken multipart upload (finding 6)', () => {
  it('answers 400 with a message, for every shape, and reserves none of the quota', async () => {
    for (const [shape, b] of Object.entries(BROKEN)) {
      const r = await send(own.url, session, b);
      expect(r.status, shape).toBe(400);
      expect(r.body.msg, shape).toBe(translate('en', 'bad_multipart'));
    }
    expect((await send(own.url, session, BROKEN['a body cut mid-part']!, 'ja')).body.msg).toBe(translate('ja', 'bad_multipart'));
    expect(await usedToday()).toBe(0);
    // 25 broken 40 kB bodies would have eaten the 1 MB quota: a good upload still goes through, and counts.
    for (let i = 0; i < 5; i++) for (const b of Object.values(BROKEN)) expect((await send(own.url, session, b)).status).toBe(400);
    await uploadFile(own.url, session, 'ok.bin', 'application/octet-stream', new Uint8Array(100_000));
    expect(await usedToday()).toBeGreaterThanOrEqual(100_000);
    expect(await usedToday()).toBeLessThan(200_000);
  });
});

describe('downloads of uploads (finding 7)', () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

  async function download(url: string) {
    const r = await fetch(`${own.url}${url}`, { headers: { authorization: session } });
    expect(r.status).toBe(200);
    return {
      type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition') ?? '',
      nosniff: r.headers.get('x-content-type-options'), bytes: new Uint8Array(await r.arrayBuffer()),
    };
  }

  it('serves a script, a page or an SVG as an octet-stream attachment, never with the uploader\'s type', async () => {
    const cases: [string, string, string][] = [
      ['a.js', 'application/javascript', 'alert(document.domain)'],
      ['a.html', 'text/html', '<script>alert(1)</script>'],
      ['a.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      // An image type claimed for what is no image.
      ['b.png', 'image/png', '<script>alert(1)</script>'],
    ];
    for (const [name, type, text] of cases) {
      const d = await download(await uploadFile(own.url, session, name, type, text));
      expect(d.type, name).toBe('application/octet-stream');
      expect(d.disposition, name).toMatch(/^attachment;/);
      expect(d.nosniff, name).toBe('nosniff');
      expect(new TextDecoder().decode(d.bytes), name).toBe(text);
    }
  });

  it('serves a picture as its image type, whatever type the uploader claimed, so an <img> shows it', async () => {
    const d = await download(await uploadFile(own.url, session, 'photo.png', 'application/octet-stream', PNG));
    expect(d.type).toBe('image/png');
    expect(d.disposition).toMatch(/^attachment;.*filename="photo\.png"/);
    expect(d.nosniff).toBe('nosniff');
    expect([...d.bytes]).toEqual([...PNG]);
    const jpeg = await download(await uploadFile(own.url, session, 'p.jpg', 'image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])));
    expect(jpeg.type).toBe('image/jpeg');
  });

  it('keeps an export a spreadsheet', async () => {
    const r = await postTo(own.url, '/files/upload/', { titles: [{ title: 'x', field: 'x' }], ds: [{ x: 1 }] }, session);
    expect(r.status).toBe(200);
    const res = await fetch(`${own.url}${r.body.url as string}`);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('the password change (finding 8)', () => {
  const change = (s: string, oldpassword: string, password: string, lang = 'en') =>
    post('/accounts/password/', { oldpassword, password }, { session: s, lang });

  it('stops guessing the old password after 5 wrong ones, with 429 and when to come back', async () => {
    const role = await makeRole({ grants: {} });
    const victim = await makeAccount([role]);
    for (let i = 0; i < 5; i++) {
      const r = await change(victim.session, `guess-${i}`, 'new-pass-1');
      expect(r.status).toBe(422);
      expect(r.body.errors?.oldpassword).toBe(translate('en', 'password_wrong'));
    }
    // Even the right old password is not checked now.
    const refused = await fetch(`${baseUrl()}/accounts/password/`, {
      method: 'POST', body: new URLSearchParams({ oldpassword: victim.password, password: 'new-pass-1' }),
      headers: { authorization: victim.session, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(refused.status).toBe(429);
    const body = await refused.json() as { msg: string; retry_after: number };
    const minutes = Math.ceil(body.retry_after / 60);
    expect(body.msg).toBe(translate('en', 'password_limited', { minutes }));
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(refused.headers.get('retry-after')).toBe(String(body.retry_after));
    // The account itself still logs in: the limit is on guessing through a session, not a lockout.
    ok(await post('/accounts/login/', { username: victim.username, password: victim.password }));
  });

  it('counts per account: another account changes its password as usual', async () => {
    const role = await makeRole({ grants: {} });
    const other = await makeAccount([role]);
    ok(await change(other.session, other.password, `${other.password}-2`));
  });

  it('lets 20 parallel guesses check at most 5', async () => {
    const role = await makeRole({ grants: {} });
    const victim = await makeAccount([role]);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => change(victim.session, `guess-${i}`, 'new-pass-1')));
    expect(replies.filter(r => r.status === 422)).toHaveLength(5);
    expect(replies.filter(r => r.status === 429)).toHaveLength(15);
  });
});

describe('the request log (finding 12)', () => {
  it('does not write a keyword search in clear', async () => {
    const badge = '0098765432';
    for (const path of [`/persons/list/?keyword=${badge}`, `/persons/list/?keyword_code=${badge}&first=1`, `/customers/list/?keyword=${badge}`]) {
      const r = await fetch(`${own.url}${path}`, { headers: { authorization: session } });
      expect(r.status, path).toBe(200);
    }
    // The request line is written when the request completes, before or after its reply reaches us.
    const lines = () => logged.filter(l => /"url":"\/(persons|customers)\/list\//.test(l));
    await expect.poll(() => lines().length).toBeGreaterThanOrEqual(3);
    for (const l of lines()) expect(l).not.toContain(badge);
  });
});
