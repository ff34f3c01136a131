import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, sessionOf } from './client';

/**
 * A POST sent with no body at all is checked like an empty form (server/http/contract.ts): a clear 4xx naming what
 * is missing, never a handler running on unchecked query text (which answered 500).
 */
const POSTS = [
  '/devices/arranges/save/', '/files/export/', '/formulas/requirement/export/', '/formulas/save_with_lines/',
  '/orders/cards/generate/', '/orders/cards/split/', '/orders/orders/save_with_lines/', '/orders/orders/transition/',
  '/persons/works/close_period/', '/persons/works/from_nodes/', '/persons/works/report/export/', '/prints/do/',
  '/customers/save/', '/persons/works/save/', '/orders/orders/cancel/', '/items/delete/', '/items/import/',
];

let admin = '';
beforeAll(async () => { admin = await sessionOf('admin'); });

describe('a POST without a body', () => {
  it('answers a 4xx with a message on every endpoint, with or without query parameters', async () => {
    for (const path of POSTS) {
      for (const query of ['', '?period=2026-13&closed=2&id=x&queues=%5B']) {
        const res = await fetch(`${baseUrl()}${path}${query}`, { method: 'POST', headers: { authorization: admin } });
        const body = await res.json() as { msg?: string };
        expect(res.status, `${path}${query}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path}${query}`).toBeLessThan(500);
        expect(body.msg, path).toBeTruthy();
      }
    }
  });
});
