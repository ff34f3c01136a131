import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_BYTES } from '../../../../src/domain/contract/facts';
import { readArgs } from './args';
import { takeFactImages } from './fact-images';

/** Images a fact carries (decision 205): taken out of its arguments, their files' URLs in their place. */
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;
const jpeg = (bytes: number) => `data:image/jpeg;base64,${Buffer.alloc(bytes, 9).toString('base64')}`;
const URL_OF = /^\/files\/\?action=download&id=[A-Za-z0-9_-]{43}$/;

describe('a fact\'s images', () => {
  it('are taken out of a receipt and named by the URLs of their files', () => {
    const t = takeFactImages('sign', { delivery_id: 1, signer: 'a', signature: png(30_000), photo: jpeg(250_000), place: null });
    expect(t.images.map(i => [i.field, i.mime, i.data.length])).toEqual([['signature', 'image/png', 30_000], ['photo', 'image/jpeg', 250_000]]);
    const args = t.args as Record<string, unknown>;
    expect(args.signature).toMatch(URL_OF);
    expect(args.photo).toBe(t.images[1]!.url);
    expect(t.images[0]!.url).toBe(`/files/?action=download&id=${t.images[0]!.id}`);
  });

  it('are none for other facts, and an image beyond its bound is left for the schema to refuse', () => {
    expect(takeFactImages('count', { doc_id: 1, signature: png(10) }).images).toEqual([]);
    const t = takeFactImages('sign', { delivery_id: 1, signer: 'a', signature: png(SIGNATURE_MAX_BYTES + 1) });
    expect(t.images).toEqual([]);
  });

  it('leave a receipt small enough to store, and a refused receipt keeps none', () => {
    const read = readArgs('sign', 1, { delivery_id: 1, signer: '张三', signature: png(60_000), photo: jpeg(290_000), place: '31.2,121.4' });
    expect(read.check.ok).toBe(true);
    expect(read.images).toHaveLength(2);
    expect(read.json.length).toBeLessThan(400);
    const refused = readArgs('sign', 1, { delivery_id: 1, signer: '', signature: png(60_000) });
    expect(refused.check).toEqual({ ok: false, detail: 'signer: required' });
    expect(refused.images).toEqual([]);
    expect((refused.stored as Record<string, unknown>).signature).toBe('(image not kept: 60000 bytes)');
    // Too large for the schema and for a fact's stored arguments: stored as its size.
    const huge = readArgs('sign', 1, { delivery_id: 1, signer: 'a', signature: png(SIGNATURE_MAX_BYTES * 2) });
    expect(huge.check.ok).toBe(false);
    expect(huge.stored).toHaveProperty('too_large_bytes');
  });
});
