import { z } from 'zod';
import '../../domain/contract/zod-config';
import { inspectionArgsSchema } from '../../domain/contract/facts';
import { translate, type Lang } from '../../domain/messages/catalog';
import { fieldErrorsOf } from '../../domain/registry/issue-keys';

/**
 * The inspection form of the tablets (issue 13 point 4, docs/shopfloor.md), pure: its state, how the defaults follow
 * the card and the defects, the fact's arguments it makes, and their check. The screen (InspectionScreen.tsx) holds
 * the state and draws it.
 *
 * Rules:
 * - The passed quantity defaults to the card's quantity less the bad quantity, and the bad quantity to the sum of the
 *   defects' quantities — each until the inspector types one (then it is theirs, even emptied: an emptied field is
 *   not silently refilled under their finger). A card the tablet does not know has no default passed quantity.
 * - A defect chosen starts at 1; its quantity is at least 1 to stay chosen (0 un-chooses it).
 * - Quantities keep at most 4 decimals, as stored; sums are rounded there, so 0.1 + 0.2 is 0.3.
 * - The arguments are checked with the contract's schema (the outbox checks them again, and so does the server),
 *   plus one rule of the form: the defects cannot add up to more than the bad quantity (they say why pieces were bad).
 * - Errors are one message per field, in the reader's language.
 */

/** A card as the form knows it: from the tablet's copy, from the server, or only its scanned number. */
export interface InspectedCard {
  show_id: string;
  /** The card's quantity; null when unknown. */
  quantity: number | null;
  item?: string;
  order?: string;
  unit?: string;
  /** The card's current work node, when known. */
  worknode_id?: number | null;
  /** Neither the copy nor the server could say: the server checks it when the fact arrives (`unverified`). */
  unverified: boolean;
}

export interface Defect { reason: string; quantity: number }

export interface InspectionState {
  quantity: number | null;
  quantityTouched: boolean;
  badQuantity: number | null;
  badTouched: boolean;
  weight: number | null;
  grade: string | null;
  /** Chosen defects, in the order they were chosen. */
  defects: readonly Defect[];
  remark: string;
}

export const EMPTY_FORM: InspectionState = {
  quantity: null, quantityTouched: false, badQuantity: null, badTouched: false, weight: null, grade: null, defects: [], remark: '',
};

export const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function defectsTotal(defects: readonly Defect[]): number {
  return round4(defects.reduce((s, d) => s + d.quantity, 0));
}

/** The bad quantity shown and sent: the inspector's, else the defects' sum. */
export function badOf(s: InspectionState): number | null {
  return s.badTouched ? s.badQuantity : defectsTotal(s.defects);
}

/** The passed quantity shown and sent: the inspector's, else the card's quantity less the bad quantity. */
export function passedOf(s: InspectionState, card: InspectedCard | null): number | null {
  if (s.quantityTouched) return s.quantity;
  if (card?.quantity == null) return null;
  return Math.max(0, round4(card.quantity - (badOf(s) ?? 0)));
}

export type InspectionAction =
  | { type: 'quantity'; value: number | null }
  | { type: 'bad'; value: number | null }
  | { type: 'weight'; value: number | null }
  | { type: 'grade'; value: string | null }
  | { type: 'toggleDefect'; reason: string }
  | { type: 'defectQuantity'; reason: string; value: number }
  | { type: 'remark'; value: string }
  | { type: 'reset' };

export function inspectionReducer(s: InspectionState, a: InspectionAction): InspectionState {
  switch (a.type) {
    case 'quantity': return { ...s, quantity: a.value, quantityTouched: true };
    // One reason takes the whole bad quantity (issue 30: bad 20 with one reason was stored as that reason × 1).
    case 'bad': {
      const only = s.defects.length === 1 && a.value !== null && a.value > 0;
      return { ...s, badQuantity: a.value, badTouched: true, defects: only ? [{ ...s.defects[0]!, quantity: round4(a.value!) }] : s.defects };
    }
    case 'weight': return { ...s, weight: a.value };
    // A second tap on the chosen grade clears it (no tiny "x" to aim at).
    case 'grade': return { ...s, grade: s.grade === a.value ? null : a.value };
    // A reason added takes what the typed bad quantity leaves to the others (all of it, for the first); else 1.
    case 'toggleDefect': {
      if (s.defects.some(d => d.reason === a.reason)) return { ...s, defects: s.defects.filter(d => d.reason !== a.reason) };
      const left = s.badTouched && s.badQuantity !== null ? round4(s.badQuantity - defectsTotal(s.defects)) : 0;
      return { ...s, defects: [...s.defects, { reason: a.reason, quantity: left > 0 ? left : 1 }] };
    }
    case 'defectQuantity': {
      const q = round4(a.value);
      return q <= 0
        ? { ...s, defects: s.defects.filter(d => d.reason !== a.reason) }
        : { ...s, defects: s.defects.map(d => (d.reason === a.reason ? { ...d, quantity: q } : d)) };
    }
    case 'remark': return { ...s, remark: a.value };
    case 'reset': return EMPTY_FORM;
  }
}

export interface ArgsContext {
  card: InspectedCard | null;
  personId: number | null;
  worknodeId: number | null;
}

/**
 * The fact's arguments (without `photos`, added once they are uploaded). Empty optional values are left out; the
 * result is unchecked (a missing inspector or card stays missing, for the check to name).
 */
export function argsOf(s: InspectionState, ctx: ArgsContext): Record<string, unknown> {
  const out: Record<string, unknown> = { card: ctx.card?.show_id ?? '', person_id: ctx.personId, quantity: passedOf(s, ctx.card) };
  const bad = badOf(s);
  if (bad !== null) out.bad_quantity = bad;
  if (s.weight !== null) out.weight = s.weight;
  if (s.grade) out.grade = s.grade;
  if (s.defects.length) out.defects = s.defects.map(d => ({ reason: d.reason, quantity: d.quantity }));
  if (s.remark.trim()) out.remark = s.remark.trim();
  if (ctx.worknodeId !== null) out.worknode_id = ctx.worknodeId;
  if (ctx.card?.unverified) out.unverified = true;
  return out;
}

/** The form's own messages (UI strings, `shopfloor.inspection.*`), passed in so this file stays free of i18next. */
export type FormText = (key: 'need_card' | 'need_inspector' | 'defects_exceed' | 'defects_short' | 'too_many_decimals',
  params?: Record<string, string | number>) => string;

/** One message per field from the contract's issues (the outbox's FactArgsError carries the same issues). */
export function issueErrors(issues: readonly z.core.$ZodIssue[], args: Record<string, unknown>, lang: Lang, text: FormText): Record<string, string> {
  const out: Record<string, string> = {};
  // The contract's own refinement names a key the shared catalog does not have.
  for (const i of issues) {
    const field = String(i.path[0] ?? '');
    if (i.code === 'custom' && i.message === 'too_many_decimals' && !(field in out)) out[field] = text('too_many_decimals');
  }
  const checked = fieldErrorsOf(new z.ZodError([...issues]), args);
  for (const [field, e] of Object.entries(checked)) if (!(field in out)) out[field] = translate(lang, e.key, e.params);
  if ('card' in out) out.card = text('need_card');
  if ('person_id' in out) out.person_id = text('need_inspector');
  return out;
}

/** The errors of the arguments, by field (`card`, `person_id`, `quantity`, `defects` …); empty when they are valid. */
export function inspectionErrors(args: Record<string, unknown>, lang: Lang, text: FormText): Record<string, string> {
  const parsed = inspectionArgsSchema.safeParse(args);
  const out = parsed.success ? {} : issueErrors(parsed.error.issues, args, lang, text);
  const defects = Array.isArray(args.defects) ? args.defects as Defect[] : [];
  const bad = typeof args.bad_quantity === 'number' ? args.bad_quantity : 0;
  const sum = defectsTotal(defects);
  // The reasons account for the bad quantity exactly: more is refused, and so is less (said before saving).
  if (defects.length && sum !== bad && !('defects' in out)) out.defects = text(sum > bad ? 'defects_exceed' : 'defects_short', { sum, bad });
  return out;
}
