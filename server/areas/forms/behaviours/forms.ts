import { sql } from 'drizzle-orm';
import type { FormField, FormFlag } from '../../../../src/domain/contract/forms';
import { translate, type MessageKey } from '../../../../src/domain/messages/catalog';
import { checkForm, compactValues, isImageValue, refsOf } from '../../../../src/domain/rules/form-check';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { accountsThatCan, sendMessage } from '../../../resources/messages';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { sameValue } from '../../../resources/write-primitives';

/**
 * The server rules of `forms` (src/domain/resources/forms/forms.ts, docs/sales-office.md "Judging a form"), whichever
 * way one is written — the office's save, or a `form` fact applied by the push (which passes `fact_id`, `computer_id`
 * and `filled_at`, decision 268):
 *
 * - an office fill names a current, active template (409 `formtemplate_not_current`: the screen reloads it); a fact is
 *   judged by the version it names, replaced or deactivated since (it was filled as it was shown, decision 265);
 * - the answers are judged by checkForm: an error refuses (422 `values.<key>`), an answer outside its limits or a
 *   failing one flags the form (`flagged`, `flags`), never refusing it; a reference names a live card (by its number),
 *   machine or person (422 `form_ref_unknown`); an office save names uploaded files, never a data URL;
 * - the form takes its template's category, the first card, machine and person its answers name, every file URL they
 *   hold (kept for good by row-files), its number (`form_no_pattern`, on the day it was filled) and, unless named, the
 *   filler's person;
 * - the template is fixed once saved; answers are corrected (judged again) while `submitted`, never once reviewed
 *   (409 `form_reviewed`) or while an approval is pending or given (409 `form_in_approval`);
 * - a form that becomes flagged tells every account that may review forms (message `form_flagged`), once, in its
 *   transaction (decision 269).
 */

interface Template { id: number; name: string; category_id: number; is_current: boolean; active: boolean; fields: FormField[] }

const valuesError = (key: string, message: MessageKey) => new ApiError(422, 'invalid_input', {}, { [`values.${key}`]: { key: message } });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function templatesOf(tx: Db, ids: readonly number[]): Promise<Map<number, Template>> {
  const uniq = [...new Set(ids.filter(Number.isFinite))];
  if (uniq.length === 0) return new Map();
  const found = await rows<Template>(tx, sql`
    select id, name, category_id, coalesce(is_current, true) as is_current, coalesce(active, true) as active, fields
    from formtemplates where id = any(${sql.param(uniq)}::int[])`);
  return new Map(found.map(t => [Number(t.id), { ...t, id: Number(t.id), category_id: Number(t.category_id) }]));
}

/** What the answers of many forms name, looked up at once: live cards by number, machines, active persons. */
async function knownRefs(tx: Db, answers: readonly ReturnType<typeof refsOf>[]) {
  const cards = [...new Set(answers.flatMap(a => a.cards))];
  const devices = [...new Set(answers.flatMap(a => a.devices))];
  const persons = [...new Set(answers.flatMap(a => a.persons))];
  const cardIds = new Map<string, number>();
  if (cards.length > 0) {
    for (const c of await rows<{ id: number; show_id: string }>(tx, sql`
      select id, show_id from cards where show_id = any(${sql.param(cards)}::text[]) and not canceled`)) cardIds.set(c.show_id, Number(c.id));
  }
  const ids = async (table: 'devices' | 'persons', list: number[]) => list.length === 0 ? new Set<number>() : new Set((await rows<{ id: number }>(tx,
    table === 'devices' ? sql`select id from devices where id = any(${sql.param(list)}::int[])`
      : sql`select id from persons where id = any(${sql.param(list)}::int[]) and coalesce(active, true)`)).map(r => Number(r.id)));
  return { cardIds, devices: await ids('devices', devices), persons: await ids('persons', persons) };
}

/** Every file URL the answers hold (photos, signatures), in field order. */
function filesOf(fields: readonly FormField[], values: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const f of fields) {
    if (f.kind !== 'photo' && f.kind !== 'signature') continue;
    const v = values[f.key];
    for (const one of Array.isArray(v) ? v : [v]) if (isImageValue(one)) out.push(one);
  }
  return out;
}

/** The derived columns of a form from its answers, or the refusal of the first wrong answer. */
function judged(t: Template, raw: unknown, office: boolean, known: Awaited<ReturnType<typeof knownRefs>>): RowData {
  if (raw !== null && raw !== undefined && !isRecord(raw)) throw new ApiError(422, 'invalid_input', {}, { values: { key: 'invalid_value' } });
  const values = compactValues(raw ?? {});
  const { errors, flags } = checkForm(t.fields, values);
  if (Object.keys(errors).length > 0) {
    throw new ApiError(422, 'invalid_input', {}, Object.fromEntries(Object.entries(errors).map(([k, e]) => [`values.${k}`, e])));
  }
  for (const f of t.fields) {
    const v = values[f.key];
    if (office && (f.kind === 'photo' || f.kind === 'signature') && (Array.isArray(v) ? v : [v]).some(x => typeof x === 'string' && x.startsWith('data:'))) {
      throw valuesError(f.key, 'form_images_unsaved');
    }
    if (f.kind !== 'ref' || v === undefined) continue;
    const ok = f.to === 'cards' ? known.cardIds.has(String(v).trim()) : known[f.to].has(Number(v));
    if (!ok) throw valuesError(f.key, 'form_ref_unknown');
  }
  const refs = refsOf(t.fields, values);
  return {
    values, flagged: flags.length > 0, flags: flags as FormFlag[], files: filesOf(t.fields, values),
    card_id: refs.cards[0] === undefined ? null : known.cardIds.get(refs.cards[0]) ?? null,
    device_id: refs.devices[0] ?? null, person_id: refs.persons[0] ?? null,
  };
}

const dayOf = (v: unknown): Date => (v instanceof Date ? v : typeof v === 'string' ? new Date(v) : new Date());

export const formsBehaviour: Behaviour = {
  async prepareMany(tx, { mode, rows: list, auth, rowError }) {
    const templates = await templatesOf(tx, list.map(r => Number(r.values.template_id ?? r.before?.template_id)));
    const templateOf = (r: (typeof list)[number]) => templates.get(Number(r.values.template_id ?? r.before?.template_id));
    const answers = list.map(r => {
      const t = templateOf(r);
      return t && isRecord(r.values.values) ? refsOf(t.fields, r.values.values) : { cards: [], devices: [], persons: [] };
    });
    const known = await knownRefs(tx, answers);
    const out: RowData[] = [];
    for (const [i, r] of list.entries()) {
      try {
        const o: RowData = { ...r.values };
        const before = r.before;
        if (mode === 'update') {
          if (before!.canceled) throw new ApiError(409, 'already_canceled');
          if ('template_id' in o && !sameValue(o.template_id, before!.template_id)) {
            throw new ApiError(422, 'invalid_input', {}, { template_id: { key: 'form_template_fixed' } });
          }
          if (before!.status === 'reviewed') throw new ApiError(409, 'form_reviewed');
          if (before!.approval_status === 'pending' || before!.approval_status === 'approved') throw new ApiError(409, 'form_in_approval');
        }
        const t = templateOf(r);
        // A template that does not exist is the registry's reference check's to refuse (422 on template_id).
        if (!t) { out.push(o); continue; }
        const fromFact = o.fact_id !== undefined && o.fact_id !== null;
        if (mode === 'create' && !fromFact && !(t.is_current && t.active)) throw new ApiError(409, 'formtemplate_not_current');
        if (mode === 'create' || 'values' in o) Object.assign(o, judged(t, o.values, !fromFact, known));
        if (mode === 'create') {
          o.category_id = t.category_id;
          o.status = 'submitted';
          o.approval_status = 'none';
          o.filled_at = o.filled_at ?? new Date();
          if (o.filled_by === undefined || o.filled_by === null) o.filled_by = auth.personId;
        }
        out.push(o);
      } catch (e) {
        throw rowError(i, e);
      }
    }
    if (mode === 'create') {
      // Numbered on the day each was filled (a fact may arrive days later), the rows of one day in one call.
      const byDay = new Map<string, number[]>();
      out.forEach((o, i) => {
        const day = dayOf(o.filled_at).toISOString().slice(0, 10);
        byDay.set(day, [...(byDay.get(day) ?? []), i]);
      });
      for (const idx of byDay.values()) {
        const numbers = await nextNumbers(tx, 'form_no_pattern', idx.length, dayOf(out[idx[0]!]!.filled_at));
        idx.forEach((i, k) => { out[i]!.show_id = numbers[k]; });
      }
    }
    return out;
  },

  async afterWriteMany(tx, { changes, auth }) {
    const newly = changes.filter(c => c.after && c.after.flagged === true && !c.after.canceled && c.before?.flagged !== true);
    if (newly.length === 0) return;
    const reviewers = await accountsThatCan(tx, 'forms', 'review');
    if (reviewers.length === 0) return;
    const ids = newly.map(c => Number(c.after!.id));
    const found = await rows<{ id: number; show_id: string; template: string; person: string | null }>(tx, sql`
      select f.id, f.show_id, t.name as template, p.name as person
      from forms f join formtemplates t on t.id = f.template_id left join persons p on p.id = f.filled_by
      where f.id = any(${sql.param(ids)}::int[]) order by f.id`);
    for (const f of found) {
      const after = newly.find(c => Number(c.after!.id) === Number(f.id))!.after!;
      const labels = ((after.flags ?? []) as FormFlag[]).map(x => x.label).join('、');
      await sendMessage(tx, reviewers, lang => ({
        kind: 'form_flagged',
        title: translate(lang, 'message_form_flagged_title', { form: f.show_id, template: f.template }),
        body: translate(lang, 'message_form_flagged_body', { name: f.person ?? '?', fields: labels }),
        link: `/forms/edit/${f.id}`,
      }), auth.accountId);
    }
  },
};
