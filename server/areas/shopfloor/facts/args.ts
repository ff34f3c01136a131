import { FACT_ARGS, FACT_VERSION, type CountArgs, type FormArgs, type InspectionArgs, type SignArgs, type TapArgs } from '../../../../src/domain/contract/facts';
import type { MutationName } from '../../../../src/domain/contract/sync';
import { takeFactImages, withoutImages, type FactImage } from './fact-images';

/**
 * A fact's arguments as the server reads them (docs/shopfloor.md "Facts"): checked with the shared schema of its
 * name (src/domain/contract/facts.ts), and made storable first. A fact whose arguments fail is rejected with
 * `fact_bad_args` and a short detail (the first problem), and stored as it came, so a supervisor can correct it.
 */

export type ParsedArgs =
  | { name: 'tap'; args: TapArgs }
  | { name: 'precheck' | 'inspect'; args: InspectionArgs }
  | { name: 'count'; args: CountArgs }
  | { name: 'sign'; args: SignArgs }
  | { name: 'form'; args: FormArgs };

export type ArgsCheck =
  | { ok: true; parsed: ParsedArgs }
  | { ok: false; detail: string };

/** The most a fact's arguments may weigh as stored (facts.args is declared with 16 KB). */
export const ARGS_MAX_BYTES = 16 * 1024;
/**
 * The most the arguments of a fact refused by its schema are stored with: the contract bounds every valid fact's
 * arguments (lengths and counts of every field), so only a broken sender's are larger, and a dead letter keeps enough
 * of them to see what was sent (issue 29: 500 rejected facts of 16 KB made a push of 8 MB stored whole).
 */
export const REJECTED_ARGS_MAX_BYTES = 2 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A JSON value without what PostgreSQL cannot store (jsonb and text refuse NUL characters and unpaired surrogates):
 * NULs dropped and unpaired surrogates replaced, in keys and strings alike; `changed` says whether anything was.
 */
export function storable(value: unknown): { value: unknown; changed: boolean } {
  let changed = false;
  const clean = (s: string): string => {
    const out = s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
    if (out !== s) changed = true;
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[clean(k)] = walk(x);
      return out;
    }
    return v;
  };
  const value2 = walk(value);
  return { value: value2, changed };
}

/** The first problem zod found, as `path: message` (a message key of the contract, or zod's own words). */
function firstIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const i = issues[0];
  if (!i) return 'invalid';
  const path = i.path.map(p => String(p)).join('.');
  return (path ? `${path}: ${i.message}` : i.message).slice(0, 200);
}

/**
 * Checks a fact's arguments for its name and payload version `v`. Only versions this server knows are read (a later
 * shape comes with a later server); `args` must already be storable (see `readArgs`).
 */
export function checkArgs(name: MutationName, v: number, args: unknown): ArgsCheck {
  if (v > FACT_VERSION) return { ok: false, detail: `v: ${v} > ${FACT_VERSION}` };
  const r = FACT_ARGS[name].safeParse(args);
  if (!r.success) return { ok: false, detail: firstIssue(r.error.issues) };
  switch (name) {
    case 'tap': return { ok: true, parsed: { name, args: r.data as TapArgs } };
    case 'count': return { ok: true, parsed: { name, args: r.data as CountArgs } };
    case 'sign': return { ok: true, parsed: { name, args: r.data as SignArgs } };
    case 'form': return { ok: true, parsed: { name, args: r.data as FormArgs } };
    default: return { ok: true, parsed: { name, args: r.data as InspectionArgs } };
  }
}

/**
 * What JSON text shows of characters PostgreSQL cannot hold: `JSON.stringify` writes a NUL and an unpaired surrogate
 * as `\u` escapes (a paired one stays a literal character), so text without such an escape holds neither.
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * A pushed (or resubmitted) fact's arguments as stored and as checked, with the stored value's JSON text (what the
 * insert writes), and the images it carries (fact-images.ts: taken out first, their files' URLs in their place; to be
 * stored only when the fact is new). Characters PostgreSQL cannot hold are taken out of what is stored, and the fact
 * is refused; arguments beyond ARGS_MAX_BYTES are refused and stored as their size only (a sender that broken is not
 * allowed to fill the table). A fact refused by its schema keeps none of its images.
 */
export function readArgs(name: MutationName, v: number, raw: unknown): { stored: unknown; json: string; check: ArgsCheck; images: FactImage[] } {
  const taken = takeFactImages(name, raw);
  const read = readPlainArgs(name, v, taken.args);
  if (taken.images.length === 0 || read.check.ok) return { ...read, images: taken.images };
  return { ...readPlainArgs(name, v, withoutImages(taken.args, taken.images)), check: read.check, images: [] };
}

function readPlainArgs(name: MutationName, v: number, raw: unknown): { stored: unknown; json: string; check: ArgsCheck } {
  const json = JSON.stringify(raw ?? null);
  // A UTF-16 unit is at most 3 bytes of UTF-8: only text that could be too long is measured.
  const bytes = json.length * 3 > ARGS_MAX_BYTES ? Buffer.byteLength(json) : json.length;
  if (bytes > ARGS_MAX_BYTES) {
    const stored = { too_large_bytes: bytes };
    return { stored, json: JSON.stringify(stored), check: { ok: false, detail: `args: ${bytes} > ${ARGS_MAX_BYTES} bytes` } };
  }
  if (!UNSTORABLE_ESCAPE.test(json)) return capRejected({ stored: raw ?? null, json, check: checkArgs(name, v, raw ?? null) }, bytes);
  const s = storable(raw);
  if (s.changed) return { stored: s.value, json: JSON.stringify(s.value ?? null), check: { ok: false, detail: 'args: invalid characters' } };
  // An escape that was not what it looked like (a key or text holding a backslash and `u0000`, say).
  return capRejected({ stored: s.value, json, check: checkArgs(name, v, s.value) }, bytes);
}

/** Arguments refused by their schema and beyond REJECTED_ARGS_MAX_BYTES are stored as their size and their start. */
function capRejected(read: { stored: unknown; json: string; check: ArgsCheck }, bytes: number): { stored: unknown; json: string; check: ArgsCheck } {
  if (read.check.ok || bytes <= REJECTED_ARGS_MAX_BYTES) return read;
  // A start cut at a character, not inside a surrogate pair (the text must stay storable).
  const start = read.json.slice(0, 512).replace(/[\uD800-\uDBFF]$/, '');
  const stored = { too_large_bytes: bytes, start };
  return { stored, json: JSON.stringify(stored), check: read.check };
}
