import type { SaveWithLinesParams } from '../../domain/contract/orders';
import { MAX_LINES } from '../../domain/contract/orders';
import { saveSchema } from '../../domain/registry/input-schema';
import { fieldErrorsOf, type FieldError } from '../../domain/registry/issue-keys';
import { details } from '../../domain/resources/orders/details';
import { orders } from '../../domain/resources/orders/orders';
import { isPropsKey, PROPS_KEYS } from '../../domain/rules/property-columns';
import type { FormValues } from '../../resources/form/form-values';
import { prepareSave } from '../../resources/form/prepare-save';
import { isBlankLine, numberOf, type LineDraft } from './line-model';

/**
 * What one Save sends (`save_with_lines`), checked before sending with the server's own validators, and the server's
 * field errors mapped back onto the grid.
 *
 * Rules:
 * - The header goes as `item`: on create every editable field, on update the changed ones with `id` and `version`.
 * - `lines` carries the new lines and the saved lines that changed (each with its `id` and `version`), every
 *   editable field of each; unchanged lines are not sent and keep their version. Empty new lines are left out.
 * - Lines taken out of a saved order go as `removed` with their version (the server cancels them).
 * - A line may not hold less than its cards (`line_below_cards`), as the server would answer.
 * - The server names a line's field `lines.<index>.<field>`, the index into the `lines` sent: `sentKeys` maps it back.
 */
export type LineErrors = Record<string, Record<string, FieldError>>;

export interface SaveInput {
  mode: 'create' | 'edit';
  /** The order being updated. */
  target?: { id: number; version: number };
  header: FormValues;
  headerStart: FormValues;
  lines: readonly LineDraft[];
  /** Signature of each saved line as loaded, by line key. */
  baseline: Readonly<Record<string, string>>;
  removed: readonly { id: number; version: number }[];
}

export type SavePlan =
  | { ok: true; params: SaveWithLinesParams; sentKeys: string[] }
  | { ok: false; header: Record<string, FieldError>; lines: LineErrors; tooMany?: true };

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The line's editable fields as the validator reads them (text as typed; props as numbers). */
function lineRaw(l: LineDraft): { raw: Record<string, unknown>; propErrors: Record<string, FieldError> } {
  const props: Record<string, unknown> = { ...l.otherProps };
  const propErrors: Record<string, FieldError> = {};
  for (const k of PROPS_KEYS) {
    const v = l.props[k];
    if (v.trim() === '') continue;
    const n = numberOf(v);
    if (n === undefined) propErrors[k] = { key: 'not_number' };
    else props[k] = n;
  }
  return {
    raw: {
      item_id: l.item_id,
      unit: orNull(l.unit), quantity: orNull(l.quantity),
      unit2: orNull(l.unit2), quantity2: orNull(l.quantity2),
      unit3: orNull(l.unit3), quantity3: orNull(l.quantity3),
      workflow_id: l.workflow_id, price: orNull(l.price), due_date: l.due_date,
      props: Object.keys(props).length ? props : null,
      remark: l.remark === '' ? null : l.remark,
    },
    propErrors,
  };
}

/** What identifies a line's editable content: a saved line whose signature is unchanged is not sent again. */
export function lineSignature(l: LineDraft): string {
  return JSON.stringify(lineRaw(l).raw);
}

export function lineChanged(l: LineDraft, baseline: Readonly<Record<string, string>>): boolean {
  return l.id === null || baseline[l.key] !== lineSignature(l);
}

/** Any unsaved change: the header, a new, changed or removed line. */
export function isDirty(input: Pick<SaveInput, 'header' | 'headerStart' | 'lines' | 'baseline' | 'removed'>): boolean {
  return input.removed.length > 0
    || JSON.stringify(input.header) !== JSON.stringify(input.headerStart)
    || input.lines.some(l => !isBlankLine(l) && lineChanged(l, input.baseline));
}

const lineSchema = () => saveSchema(details, 'create');

/** One line checked as the server will: its values to send, or its errors by field. */
export function checkLine(l: LineDraft): { values: Record<string, unknown> } | { errors: Record<string, FieldError> } {
  const { raw, propErrors } = lineRaw(l);
  // order_id is the order's, set by the server; the validator needs one to check the rest.
  const parsed = lineSchema().safeParse({ ...raw, order_id: 1 });
  const errors: Record<string, FieldError> = { ...propErrors };
  if (!parsed.success) {
    for (const [k, e] of Object.entries(fieldErrorsOf(parsed.error, raw))) errors[k] ??= e;
  } else {
    const q = parsed.data.quantity;
    if (typeof q === 'number' && q < l.card_quantity) errors.quantity = { key: 'line_below_cards', params: { min: l.card_quantity } };
  }
  if (Object.keys(errors).length || !parsed.success) return { errors };
  const values: Record<string, unknown> = {};
  for (const k of Object.keys(raw)) values[k] = parsed.data[k] ?? null;
  return { values };
}

export function planSave(input: SaveInput): SavePlan {
  const head = prepareSave(orders, input.header, input.headerStart, input.mode);
  const lineErrors: LineErrors = {};
  const lines: Record<string, unknown>[] = [];
  const sentKeys: string[] = [];
  for (const l of input.lines) {
    if (isBlankLine(l) || !lineChanged(l, input.baseline)) continue;
    const r = checkLine(l);
    if ('errors' in r) { lineErrors[l.key] = r.errors; continue; }
    lines.push(l.id !== null && l.version !== null ? { id: l.id, version: l.version, ...r.values } : r.values);
    sentKeys.push(l.key);
  }
  if (Object.keys(head.errors).length || Object.keys(lineErrors).length) {
    return { ok: false, header: head.errors, lines: lineErrors };
  }
  if (lines.length > MAX_LINES) return { ok: false, header: {}, lines: {}, tooMany: true };
  const item = input.target ? { ...head.values, id: input.target.id, version: input.target.version } : head.values;
  const params: SaveWithLinesParams = { item, lines };
  if (input.removed.length) params.removed = input.removed.map(r => ({ id: r.id, version: r.version }));
  return { ok: true, params, sentKeys };
}

export interface ServerErrors {
  header: Record<string, string>;
  /** By line key, then field. */
  lines: Record<string, Record<string, string>>;
  /** Messages naming nothing the screen shows (a removed line, the lines as a whole). */
  other: Record<string, string>;
}

/** The server's `errors` of a refused save, onto the header fields and the grid's lines. */
export function splitServerErrors(errors: Readonly<Record<string, string>>, sentKeys: readonly string[]): ServerErrors {
  const out: ServerErrors = { header: {}, lines: {}, other: {} };
  for (const [k, msg] of Object.entries(errors)) {
    const m = /^lines\.(\d+)\.(\w+)(?:\.(\w+))?$/.exec(k);
    const key = m ? sentKeys[Number(m[1])] : undefined;
    if (m && key !== undefined) {
      // A property column may be named inside `props` (`lines.0.props.metres`): its own cell shows it.
      const field = m[2] === 'props' && m[3] && isPropsKey(m[3]) ? m[3] : m[2]!;
      (out.lines[key] ??= {})[field] = msg;
    } else if (!k.includes('.') && k in orders.fields) {
      out.header[k] = msg;
    } else {
      out.other[k] = msg;
    }
  }
  return out;
}
