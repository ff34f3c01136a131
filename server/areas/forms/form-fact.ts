import { sql } from 'drizzle-orm';
import type { FormArgs } from '../../../src/domain/contract/facts';
import { MAX_FORM_VALUES_BYTES, type FormField } from '../../../src/domain/contract/forms';
import type { MessageKey } from '../../../src/domain/messages/catalog';
import { forms } from '../../../src/domain/resources/forms/forms';
import { checkForm, compactValues, refsOf } from '../../../src/domain/rules/form-check';
import { canAct } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { jsonArrayOf, rows, type Db } from '../../db/connection';
import { validateMany } from '../../resources/validate';
import { insertValidated } from '../../resources/write-many';

/**
 * The `form` fact of a terminal (docs/sales-office.md "Offline fill on a tablet", decisions 267–268): decided in the
 * push against what the batch's forms name (read once, `readFormWorld`), then written through the generic write path
 * (`applyFormFacts`: the forms behaviour, history and change numbers of an office save), with the fact's id, its
 * terminal and its time. The decision checks everything that write checks, so an applied fact never fails there:
 * refused with `form_not_allowed` (the account lacks `create` of forms), `form_template_unknown`,
 * `form_person_unknown`, `form_ref_unknown` (a card, machine or person the answers name that does not exist) or
 * `form_bad_values` (checkForm's first error, or answers too large). A fact filled on a version replaced or deactivated
 * since is judged and written by that version: it was filled as it was shown.
 */

export interface FormWorld {
  /** Whether the account pushing may create forms. */
  may: boolean;
  templates: Map<number, { fields: FormField[] }>;
  /** Persons named (fillers and answers), and whether each is active. */
  persons: Map<number, boolean>;
  devices: Set<number>;
  /** Live cards named by their numbers, with their ids. */
  cards: Map<string, number>;
}

export const noForm = (may = false): FormWorld => ({ may, templates: new Map(), persons: new Map(), devices: new Set(), cards: new Map() });

/** Whether `auth` may push forms: the create action of forms. */
export const formAccessOf = (auth: Auth): boolean => canAct(auth, forms, 'create');

/** What a batch's forms name, in one statement; nothing is read for a batch without forms. */
export async function readFormWorld(tx: Db, list: readonly FormArgs[], may: boolean): Promise<FormWorld> {
  const world = noForm(may);
  if (list.length === 0) return world;
  const templateIds = [...new Set(list.map(a => a.template_id))];
  const [named] = await rows<{ templates: { id: number; fields: FormField[] }[] }>(tx, sql`
    select ${jsonArrayOf(sql`select id, fields from formtemplates where id = any(${sql.param(templateIds)}::int[])`)} as templates`);
  for (const t of named!.templates) world.templates.set(Number(t.id), { fields: Array.isArray(t.fields) ? t.fields : [] });
  const answers = list.map(a => refsOf(world.templates.get(a.template_id)?.fields ?? [], a.values));
  const persons = [...new Set([...list.map(a => a.person_id), ...answers.flatMap(r => r.persons)])];
  const devices = [...new Set(answers.flatMap(r => r.devices))];
  const cards = [...new Set(answers.flatMap(r => r.cards))];
  const [refs] = await rows<{ persons: { id: number; active: boolean | null }[]; devices: { id: number }[]; cards: { id: number; show_id: string }[] }>(tx, sql`
    select ${jsonArrayOf(sql`select id, active from persons where id = any(${sql.param(persons)}::int[])`)} as persons,
      ${jsonArrayOf(sql`select id from devices where id = any(${sql.param(devices)}::int[])`)} as devices,
      ${jsonArrayOf(sql`select id, show_id from cards where show_id = any(${sql.param(cards)}::text[]) and not canceled`)} as cards`);
  for (const p of refs!.persons) world.persons.set(Number(p.id), p.active !== false);
  for (const d of refs!.devices) world.devices.add(Number(d.id));
  for (const c of refs!.cards) world.cards.set(c.show_id, Number(c.id));
  return world;
}

/** A form to write for an applied fact. */
export interface FormToWrite { template_id: number; person_id: number; values: Record<string, unknown>; remark: string | null }

export type FormDecision =
  | { ok: true; form: FormToWrite; card_id: number | null; device_id: number | null }
  | { ok: false; key: MessageKey; params?: Record<string, string | number> };

/** Decides one `form` fact against the batch's world (see above). */
export function decideForm(world: FormWorld, a: FormArgs): FormDecision {
  if (!world.may) return { ok: false, key: 'form_not_allowed' };
  const t = world.templates.get(a.template_id);
  if (!t) return { ok: false, key: 'form_template_unknown' };
  if (world.persons.get(a.person_id) !== true) return { ok: false, key: 'form_person_unknown' };
  const values = compactValues(a.values);
  const { errors } = checkForm(t.fields, values);
  const first = Object.keys(errors)[0];
  if (first !== undefined) return { ok: false, key: 'form_bad_values', params: { field: t.fields.find(f => f.key === first)?.label ?? first } };
  if (JSON.stringify(values).length > MAX_FORM_VALUES_BYTES) return { ok: false, key: 'form_bad_values', params: { field: 'values' } };
  const refs = refsOf(t.fields, values);
  if (refs.cards.some(c => !world.cards.has(c)) || refs.devices.some(d => !world.devices.has(d))
    || refs.persons.some(p => world.persons.get(p) !== true)) return { ok: false, key: 'form_ref_unknown' };
  return {
    ok: true, form: { template_id: a.template_id, person_id: a.person_id, values, remark: a.remark ?? null },
    card_id: refs.cards[0] === undefined ? null : world.cards.get(refs.cards[0]) ?? null, device_id: refs.devices[0] ?? null,
  };
}

/**
 * Writes the forms of applied facts through the generic path: validated as a save, then inserted with what only the
 * server sets (the fact, its terminal, when it was filled), so the behaviour judges, numbers and flags them and tells
 * the reviewers as it does an office fill.
 */
export async function applyFormFacts(tx: Db, auth: Auth,
  made: readonly { factId: number; computerId: number | null; at: Date; form: FormToWrite }[]): Promise<void> {
  if (made.length === 0) return;
  const validated = await validateMany(tx, forms, made.map(m => ({
    template_id: m.form.template_id, values: m.form.values, filled_by: m.form.person_id, remark: m.form.remark,
  })), 'create');
  await insertValidated(tx, forms, validated.map((v, i) => ({
    ...v, fact_id: made[i]!.factId, computer_id: made[i]!.computerId, filled_at: made[i]!.at,
  })), auth);
}
