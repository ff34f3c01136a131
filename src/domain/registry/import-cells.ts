import { RESOURCE_LABELS } from '../i18n/resource-labels';
import { LANGS } from '../messages/catalog';
import type { Field } from './fields';
import type { ResourceDef } from './resource';

/**
 * How a spreadsheet cell becomes a field's input, the same in the import preview (client) and in the import itself
 * (server), so the preview never promises what the server then refuses.
 *
 * Rules:
 * - A row is an object keyed by field name. Only the resource's own writable fields are read, with `Object.hasOwn`,
 *   so keys such as `__proto__` or `constructor` are never followed; they are reported as unknown fields.
 * - A key that is absent leaves the field alone (on update) or gives it its default (on create). A present but empty
 *   cell means "no value": it clears the field (to its default, when it has one).
 * - Cells are trimmed: a spreadsheet's stray spaces are never meant, and the natural key must match exactly.
 * - Numbers and booleans given to a text field become text (a code typed as 1001 is the code "1001").
 * - Booleans also accept yes/no words of the four languages; enums accept their value or their label in any language;
 *   dates accept `2024/1/5` and `2024.1.5` besides ISO.
 * - References (`ref`, `refs`) stay tokens here: an id, a natural key or a display name, resolved by the server in one
 *   query per referenced resource. A `refs` cell lists its tokens separated by commas (also 、，；;).
 */

export type ImportCells = Record<string, unknown>;

/** At most this many rows per import call; the client sends batches of 500. */
export const IMPORT_MAX_ROWS = 1000;

export interface ImportDraft {
  /** Inputs for the save schema, references left out (see `refTokens`). */
  values: Record<string, unknown>;
  /** Per reference field present in the row: its tokens (an empty list clears the field). */
  refTokens: Record<string, string[]>;
  /** Keys of the row that are not writable fields of the resource. */
  unknown: string[];
}

/** A resource can be imported only when it declares how a row is recognised again (its natural key). */
export function isImportable(res: ResourceDef): boolean {
  return (res.naturalKey?.length ?? 0) > 0;
}

const WRITABLE = new WeakMap<ResourceDef, Map<string, Field>>();

function writableOf(res: ResourceDef): Map<string, Field> {
  let m = WRITABLE.get(res);
  if (!m) {
    m = new Map(Object.entries(res.fields).filter(([, f]) => !f.readOnly));
    WRITABLE.set(res, m);
  }
  return m;
}

/** The fields an import may set: every field a client may send (read-only ones are set by the server). */
export function importFields(res: ResourceDef): [string, Field][] {
  return [...writableOf(res)];
}

const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes', 'y', 't', '是', '√', '✓', '✔', 'si', 'sí', 'はい', '有効']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no', 'n', 'f', '否', '×', '✗', 'いいえ', '無効']);

function boolCell(s: string): unknown {
  const w = s.toLowerCase();
  if (TRUE_WORDS.has(w)) return true;
  if (FALSE_WORDS.has(w)) return false;
  return s;
}

/** value or label (any language, case-insensitive) → the enum's value; anything else is left for the schema to refuse. */
function enumCell(res: ResourceDef, name: string, values: readonly string[], s: string): string {
  if (values.includes(s)) return s;
  const low = s.toLowerCase();
  for (const v of values) {
    if (v.toLowerCase() === low) return v;
    for (const lang of LANGS) {
      const label = RESOURCE_LABELS[lang].resources[res.name]?.enums?.[name]?.[v];
      if (label && label.toLowerCase() === low) return v;
    }
  }
  return s;
}

const LOOSE_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const pad2 = (s: string) => s.padStart(2, '0');

/** `2024/1/5` → `2024-01-05`; with `withTime`, `2024/1/5 8:05` → `2024-01-05 08:05:00`. Anything else unchanged. */
function dateCell(s: string, withTime: boolean): string {
  const m = LOOSE_DATE.exec(s);
  if (!m) return s;
  const day = `${m[1]}-${pad2(m[2]!)}-${pad2(m[3]!)}`;
  if (!withTime) return m[4] === undefined || (Number(m[4]) === 0 && m[5] === '00' && (m[6] ?? '00') === '00') ? day : s;
  return m[4] === undefined ? `${day} 00:00:00` : `${day} ${pad2(m[4])}:${m[5]}:${m[6] ?? '00'}`;
}

/**
 * A sheet's date-time cell read as a wall-clock time of the runtime's zone (the importing browser's: the user's
 * plant), as the ISO instant the API takes — the API refuses a date-time without an offset (docs/api.md). A cell
 * that already names its offset, or is no date-time, is left as it is.
 */
export function localDateTimeCell(cell: string): string {
  const m = LOOSE_DATE.exec(cell.trim());
  if (!m) return cell;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return Number.isNaN(d.getTime()) || d.getDate() !== Number(m[3]) ? cell : d.toISOString();
}

const LIST_SEPARATORS = /[,，、;；\n]/;

/** The tokens of a reference cell; `[]` for an empty cell. */
export function refTokensOf(f: Field, cell: unknown): string[] {
  if (cell === null || cell === undefined) return [];
  if (Array.isArray(cell)) return cell.map(c => String(c).trim()).filter(Boolean);
  if (typeof cell !== 'string' && typeof cell !== 'number') return [String(cell)];
  const s = String(cell).trim();
  if (s === '') return [];
  return f.type === 'refs' ? s.split(LIST_SEPARATORS).map(t => t.trim()).filter(Boolean) : [s];
}

/** One cell → the input the save schema expects for the field (references excepted). */
export function cellValue(res: ResourceDef, name: string, f: Field, cell: unknown): unknown {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number' || typeof cell === 'boolean') {
    if (f.type === 'text' || f.type === 'password' || f.type === 'enum') return String(cell);
    if (f.type === 'bool' && typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : cell;
    return cell;
  }
  if (typeof cell !== 'string') return cell;
  const s = cell.trim();
  if (s === '') return null;
  switch (f.type) {
    case 'bool': return boolCell(s);
    case 'enum': return enumCell(res, name, f.values, s);
    case 'date': return dateCell(s, false);
    case 'datetime': return dateCell(s, true);
    default: return s;
  }
}

/** A row of cells → the draft of a save: known fields normalised, references as tokens, unknown keys listed. */
export function draftRow(res: ResourceDef, cells: ImportCells): ImportDraft {
  const values: Record<string, unknown> = {};
  const refTokens: Record<string, string[]> = {};
  const writable = writableOf(res);
  for (const [name, f] of writable) {
    if (!Object.hasOwn(cells, name)) continue;
    const cell = cells[name];
    if (cell === undefined) continue;
    if (f.type === 'ref' || f.type === 'refs') refTokens[name] = refTokensOf(f, cell);
    else values[name] = cellValue(res, name, f, cell);
  }
  const unknown = Object.keys(cells).filter(k => !writable.has(k));
  return { values, refTokens, unknown };
}

/**
 * The identity of a row by the resource's natural key, as one string (`null` when a part is missing), so rows of a
 * file and rows of the table can be compared in a Map. Text parts compare exactly, numbers by value.
 */
export function naturalKeyOf(res: ResourceDef, values: Record<string, unknown>): string | null {
  const parts: unknown[] = [];
  for (const k of res.naturalKey ?? []) {
    const v = values[k];
    if (v === null || v === undefined || v === '') return null;
    parts.push(typeof v === 'number' ? v : String(v));
  }
  return parts.length ? JSON.stringify(parts) : null;
}

/** A 53-bit string hash (cyrb53): fast, synchronous, the same in the browser and on the server. */
function hash53(s: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/**
 * The natural key of a resource keyed by fingerprint (`fingerprintKey`, fees' `import_key`) for one sheet row that does
 * not give it: a hash of the row's other non-empty cells (by field name, trimmed: the same sheet gives the same text
 * whatever its column order or a column left out empty) and of the row's occurrence among equal rows so far (`seen`,
 * one map per file), so two identical rows of one file are two rows, and the same file imported again matches them
 * one to one. Undefined when the resource is not keyed by fingerprint or the row gives its key.
 */
export function rowFingerprint(res: ResourceDef, cells: ImportCells, seen: Map<string, number>): string | undefined {
  const keyField = res.naturalKey?.[0];
  if (!res.fingerprintKey || !keyField) return undefined;
  const given = cells[keyField];
  if (given != null && String(given).trim() !== '') return undefined;
  const parts = Object.keys(cells).filter(k => k !== keyField).sort()
    .map(k => [k, cells[k] == null ? '' : String(cells[k]).trim()] as const)
    .filter(([, v]) => v !== '');
  const text = JSON.stringify(parts);
  const n = (seen.get(text) ?? 0) + 1;
  seen.set(text, n);
  const body = `${text}#${n}`;
  return `fp-${hash53(body, 1)}${hash53(body, 2)}`;
}

/** Fills the fingerprint key of every row that lacks it (an API caller's rows; the preview fills them file-wide). */
export function withFingerprints(res: ResourceDef, rows: readonly ImportCells[]): ImportCells[] {
  if (!res.fingerprintKey) return [...rows];
  const seen = new Map<string, number>();
  const keyField = res.naturalKey![0]!;
  return rows.map(r => {
    const fp = rowFingerprint(res, r, seen);
    return fp === undefined ? r : { ...r, [keyField]: fp };
  });
}
