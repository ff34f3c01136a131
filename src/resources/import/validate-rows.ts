import { draftRow, localDateTimeCell, naturalKeyOf, rowFingerprint, type ImportCells } from '../../domain/registry/import-cells';
import { saveSchema } from '../../domain/registry/input-schema';
import { fieldErrorsOf } from '../../domain/registry/issue-keys';
import type { ResourceDef } from '../../domain/registry/resource';
import { translate, type Lang } from '../../domain/messages/catalog';
import type { ColumnMapping } from './map-columns';

/**
 * The import preview: each sheet row checked with the same rules the server applies (the registry's save schema and
 * import-cells.ts), before anything is sent.
 *
 * Rules:
 * - A row is checked as an update (only the cells given); whether it is new is known only to the server, which then
 *   also insists on the required fields a new row lacks. References are checked by the server (it resolves names).
 * - The natural key must be given. Two rows with the same key: the first one owns it, later ones are refused, as
 *   the server does within one call, so the result does not depend on where a batch boundary falls.
 * - Rows whose mapped cells are all empty are skipped (not counted).
 * - A resource keyed by fingerprint (fees) gets the key of a row the sheet does not key from its cells and its
 *   occurrence in the whole file, so a batch boundary changes nothing and the same file imported again adds nothing.
 * - Messages are in the UI language, from the same catalogue as the server's.
 */

export interface PreparedRow {
  /** Line in the sheet (the header is line 1). */
  line: number;
  /** Cells by field name, as they will be sent. */
  cells: Record<string, string>;
  /** The natural key as shown to a person (`A-001`, or the parts joined by ` / `); '' when missing. */
  keyText: string;
  /** Field → message; empty when the row may be sent. */
  errors: Record<string, string>;
}

export interface RowPreparer {
  /** `null` for a row with nothing in its mapped columns. */
  prepare(row: readonly string[], line: number): PreparedRow | null;
}

export function rowPreparer(res: ResourceDef, mapping: ColumnMapping, lang: Lang): RowPreparer {
  const schema = saveSchema(res, 'update');
  const keyField = res.naturalKey?.[0];
  const owners = new Map<string, number>();
  // Equal rows seen so far in the file, for a resource keyed by fingerprint (import-cells.ts `rowFingerprint`).
  const seen = new Map<string, number>();
  const columns = mapping.flatMap((f, i) => (f === null ? [] : [[i, f] as const]));
  return {
    prepare(row, line) {
      const cells: Record<string, string> = {};
      let any = false;
      for (const [i, f] of columns) {
        const v = row[i] ?? '';
        // A date-time cell is the user's wall-clock time: sent with the browser's offset (the API requires one).
        cells[f] = res.fields[f]?.type === 'datetime' ? localDateTimeCell(v) : v;
        if (v.trim() !== '') any = true;
      }
      if (!any) return null;
      const fingerprint = rowFingerprint(res, cells, seen);
      if (fingerprint !== undefined) cells[keyField!] = fingerprint;
      const draft = draftRow(res, cells as ImportCells);
      // References are resolved by the server; here a given token stands in as id 1 so the rest of the row is checked.
      const values: Record<string, unknown> = { ...draft.values };
      for (const [f, tokens] of Object.entries(draft.refTokens)) {
        values[f] = res.fields[f]!.type === 'ref' ? (tokens.length ? 1 : null) : tokens.map(() => 1);
      }
      const errors: Record<string, string> = {};
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        for (const [f, e] of Object.entries(fieldErrorsOf(parsed.error, values))) errors[f] = translate(lang, e.key, e.params);
      }
      const keyValues: Record<string, unknown> = { ...draft.values };
      for (const [f, tokens] of Object.entries(draft.refTokens)) keyValues[f] = tokens.join(',');
      const key = naturalKeyOf(res, keyValues);
      // A fingerprint means nothing to a person: the row is named by its line alone.
      const keyText = fingerprint !== undefined ? '' : (res.naturalKey ?? []).map(k => String(keyValues[k] ?? '')).join(' / ');
      if (keyField && key === null) {
        const missing = res.naturalKey!.find(k => keyValues[k] == null || keyValues[k] === '') ?? keyField;
        errors[missing] ??= translate(lang, 'required');
      } else if (keyField && key !== null) {
        const first = owners.get(key);
        if (first === undefined) owners.set(key, line);
        else errors[keyField] ??= translate(lang, 'duplicate_in_file', { row: first });
      }
      return { line, cells, keyText, errors };
    },
  };
}

/** Every row of a sheet at once (tests, small files); the page uses `prepareRowsInChunks` to keep scrolling smooth. */
export function prepareRows(res: ResourceDef, mapping: ColumnMapping, rows: readonly (readonly string[])[], lang: Lang): PreparedRow[] {
  const p = rowPreparer(res, mapping, lang);
  const out: PreparedRow[] = [];
  rows.forEach((r, i) => {
    const prepared = p.prepare(r, i + 2);
    if (prepared) out.push(prepared);
  });
  return out;
}

/**
 * The same, a chunk at a time with a pause between chunks, so checking 200,000 rows never holds the page for more
 * than a few milliseconds (DESIGN §7). Rejects with an AbortError when `signal` aborts.
 */
export async function prepareRowsInChunks(res: ResourceDef, mapping: ColumnMapping, rows: readonly (readonly string[])[], lang: Lang,
  opts: { signal?: AbortSignal; chunk?: number } = {}): Promise<PreparedRow[]> {
  const p = rowPreparer(res, mapping, lang);
  const out: PreparedRow[] = [];
  const chunk = opts.chunk ?? 1000;
  for (let start = 0; start < rows.length; start += chunk) {
    if (opts.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
    const end = Math.min(rows.length, start + chunk);
    for (let i = start; i < end; i++) {
      const prepared = p.prepare(rows[i]!, i + 2);
      if (prepared) out.push(prepared);
    }
    if (end < rows.length) await new Promise<void>(resolve => setTimeout(resolve, 0));
  }
  return out;
}
