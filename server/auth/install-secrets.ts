import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { installSecrets } from '../db/tables';

export type SecretName = 'badge_salt' | 'link_key';

/**
 * A secret of this installation, made on first use and kept in the database, so every instance on one database
 * uses the same one and another installation never does. Insert-if-absent then read: two instances asking at once
 * both get the one that won. Cached for the process: a secret never changes once made.
 */
const cache = new WeakMap<Db, Map<SecretName, Promise<Buffer>>>();

export function installSecret(db: Db, name: SecretName): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let p = byName.get(name);
  if (!p) {
    p = (async () => {
      await db.insert(installSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name));
      return Buffer.from(row!.value, 'base64url');
    })();
    // A failed read (database away) is not cached: the next call tries again.
    p.catch(() => byName!.delete(name));
    byName.set(name, p);
  }
  return p;
}
