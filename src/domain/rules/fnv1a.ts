/**
 * FNV-1a (32 bits) of a text's UTF-16 units: a short, stable name for a long key — the demo seed's streams
 * (server/seed/random.ts), the offline copy's owner (src/data/offline/sync-engine.ts). Not a secret, not for
 * anything an attacker chooses to collide.
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
