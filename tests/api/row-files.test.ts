import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import type { Auth } from '../../server/auth/sessions';
import { migrate } from '../../server/db/migrate';
import { files } from '../../server/db/tables';
import { newSecret } from '../../server/lib/secrets';
import { UNCLAIMED_FILE_TTL_MS } from '../../server/resources/row-files';
// Writes outside the app: the business areas' rules installed first, as the app does.
import '../../server/behaviours';
import { createRow, deleteRow, updateRow } from '../../server/resources/write';
import { freshDatabase, type TestDatabase } from './test-database';

/**
 * Uploads expire a week after they are sent unless a saved row names them (an avatar, an item's picture). This file
 * works on its own fresh database so it can read each file's expiry.
 */

let tdb: TestDatabase;
const auth: Auth = {
  accountId: 1, username: 'files', name: 'Files Test', personId: null, isAdmin: true, menus: new Set(), roleCodes: [],
  roleIds: [], permissions: { admin: true, resources: {} }, sessionRowId: 0, tokenRowId: 0,
};
const accounts = resourceByName('accounts')!;
const HOUR = 3600_000;

beforeAll(async () => {
  tdb = await freshDatabase('files');
  await migrate(tdb.database);
});
afterAll(async () => {
  await tdb?.drop();
});

/** A stored upload, as POST /files/upload/ leaves it: expiring a week from now. */
async function upload(): Promise<{ id: string; url: string }> {
  const id = newSecret();
  await tdb.database.db.insert(files).values({
    id, name: 'a.png', mime: 'image/png', size: 1, data: Buffer.from([1]), account_id: 1,
    expires_at: new Date(Date.now() + UNCLAIMED_FILE_TTL_MS),
  });
  return { id, url: `/files/?action=download&id=${id}` };
}

async function expiryOf(id: string): Promise<Date | null> {
  const [f] = await tdb.database.db.select({ expires_at: files.expires_at }).from(files).where(eq(files.id, id));
  if (!f) throw new Error(`file ${id} is gone`);
  return f.expires_at;
}

const inAboutAWeek = (d: Date | null) =>
  d !== null && Math.abs(d.getTime() - (Date.now() + UNCLAIMED_FILE_TTL_MS)) < HOUR;

describe('files named by saved rows', () => {
  it('keeps an avatar for good once saved, lets a replaced one expire, and keeps one a second row still names', async () => {
    const db = tdb.database.db;
    const first = await upload();
    const second = await upload();
    const a = await createRow(db, accounts, { username: 'f1', name: 'F1', avatar: first.url }, auth);
    expect(await expiryOf(first.id)).toBeNull();

    const b = await createRow(db, accounts, { username: 'f2', name: 'F2', avatar: `http://192.168.1.5:8080${first.url}` }, auth);
    const a2 = await updateRow(db, accounts, a.id as number, a.version as number, { avatar: second.url }, auth);
    expect(await expiryOf(second.id)).toBeNull();
    expect(await expiryOf(first.id)).toBeNull(); // F2 still shows it

    await deleteRow(db, accounts, b.id as number, auth);
    expect(inAboutAWeek(await expiryOf(first.id))).toBe(true); // nobody names it now

    await updateRow(db, accounts, a.id as number, a2.version as number, { avatar: '' }, auth);
    expect(inAboutAWeek(await expiryOf(second.id))).toBe(true);
  });

  it('leaves uploads alone when a row names no stored file', async () => {
    const f = await upload();
    await createRow(tdb.database.db, accounts, { username: 'f3', name: 'F3', avatar: 'https://example.com/a.png' }, auth);
    expect(inAboutAWeek(await expiryOf(f.id))).toBe(true);
  });
});

describe('lists of files (`texts` of format `files`: a form\'s photos and signature)', () => {
  it('keeps every file a form names for good, lets one it stops naming expire, and keeps one another form still names', async () => {
    const db = tdb.database.db;
    const [p1, p2, sign] = [await upload(), await upload(), await upload()];
    const category = await createRow(db, resourceByName('formcategories')!, { name: '巡检' }, auth);
    const template = await createRow(db, resourceByName('formtemplates')!, { code: 'RF-1', name: '巡检', category_id: category.id, fields: [
      { key: 'photos', label: '照片', kind: 'photo', max: 3 }, { key: 'sign', label: '签名', kind: 'signature' },
    ] }, auth);
    const forms = resourceByName('forms')!;
    const a = await createRow(db, forms, { template_id: template.id, values: { photos: [p1.url, p2.url], sign: sign.url } }, auth);
    expect(a.files).toEqual([p1.url, p2.url, sign.url]);
    for (const f of [p1, p2, sign]) expect(await expiryOf(f.id)).toBeNull();

    const b = await createRow(db, forms, { template_id: template.id, values: { photos: [p2.url] } }, auth);
    await updateRow(db, forms, a.id as number, a.version as number, { values: { sign: sign.url } }, auth);
    expect(inAboutAWeek(await expiryOf(p1.id))).toBe(true); // no form names it now
    expect(await expiryOf(p2.id)).toBeNull(); // form B still shows it
    expect(await expiryOf(sign.id)).toBeNull();
    expect(b.files).toEqual([p2.url]);
  });
});
