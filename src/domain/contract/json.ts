import { jsonTextWithinDepth, MAX_JSON_DEPTH } from './json-depth';

/**
 * JSON that arrives as text from outside (a `filter=`, `item=`, `menus=` or `mutations=` field): refused, never
 * thrown, when it nests deeper than MAX_JSON_DEPTH (checked before parsing, json-depth.ts) or is malformed.
 */
export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: 'malformed' | 'too_deep' };

export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonParse {
  if (!jsonTextWithinDepth(text, maxDepth)) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
