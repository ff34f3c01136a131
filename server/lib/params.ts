import type { FastifyRequest } from 'fastify';
import { jsonTextWithinDepth, MAX_JSON_DEPTH, withinJsonDepth } from '../../src/domain/contract/json-depth';
import { badRequest } from './api-error';

/**
 * Request parameters as one flat map of strings: the query string, then the form body on top (a POST may carry both,
 * like `/accounts/login/?timeout=0`). A repeated key keeps its last value; anything that is not a string (a JSON
 * body's nested value) is kept as it came for the validators to judge.
 */
export type Params = Record<string, unknown>;

export function paramsOf(req: FastifyRequest): Params {
  const out: Params = Object.create(null) as Params;
  for (const src of [req.query, req.body]) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      out[k] = Array.isArray(v) && v.every(x => typeof x === 'string') ? v[v.length - 1] : v;
    }
  }
  return out;
}

export function str(p: Params, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest();
}

export function int(p: Params, key: string, dflt?: number): number | undefined {
  const s = str(p, key);
  if (s === undefined || s === '') return dflt;
  if (!/^-?\d{1,9}$/.test(s.trim())) throw badRequest();
  return Number(s);
}

/**
 * A JSON-string field (`menus=`, `item=`, `filter=`, `rows=`, `ds=` …); malformed JSON is the client's error, never a
 * 500, and so is JSON nested deeper than MAX_JSON_DEPTH (refused before it is parsed: src/domain/contract/json-depth.ts).
 */
export function jsonParam<T = unknown>(p: Params, key: string): T | undefined {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  const tooDeep = () => badRequest('too_deep', { max: MAX_JSON_DEPTH });
  if (typeof v !== 'string') {
    if (!withinJsonDepth(v)) throw tooDeep();
    return v as T;
  }
  if (!jsonTextWithinDepth(v)) throw tooDeep();
  try {
    return JSON.parse(v) as T;
  } catch {
    throw badRequest('invalid_json');
  }
}

/** An `id` or `version` inside a JSON object of a request: absent (undefined), or a whole number in range (else 400). */
export function optionalId(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest();
  return n;
}
