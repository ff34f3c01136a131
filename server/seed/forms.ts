import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
// The forms are written through the server's rules (behaviours): installed here too, as the seed also runs outside the
// server (npm run seed, the seed's own tests).
import '../behaviours';
import type { FormField } from '../../src/domain/contract/forms';
import { formtemplates } from '../../src/domain/resources/forms/formtemplates';
import { forms } from '../../src/domain/resources/forms/forms';
import { rows, type Db } from '../db/connection';
import { validateMany } from '../resources/validate';
import { createMany, insertValidated } from '../resources/write-many';
import { systemUpdate } from '../resources/write-primitives';
import { rowById } from '../areas/production/rows';
import { insertAll } from './insert-all';
import { Rng } from './random';
import { seedAuth } from './seed-auth';

/**
 * The demo plant's forms (docs/sales-office.md §8 "Forms"), through the server's own rules:
 * - five templates of the seeded categories (印刷首件检验, 生产巡检, 成品抽检, 设备点检, 请假单), written by the supervisor;
 * - three months of forms filled on the forms tablet TAB-01 (screen `forms`) as applied `form` facts — a patrol of each
 *   running line twice a shift, a check of each working machine every working day, a first-article check and a final
 *   sampling or two a day — and a few leave forms filled in the office. They are written as the push writes an applied
 *   fact (the facts in one insert, then the forms through the generic write path in batches: the behaviour numbers,
 *   judges and flags them and tells the reviewers), so about one in twenty is flagged by its own values;
 * - flagged forms older than two days are reviewed by the supervisor with a comment (their messages read); the newer
 *   ones wait in the reviewers' to-do.
 * Seeded once, when there is no template yet; deterministic for its draws (`Rng.for('forms')`).
 */

const DAY = 86_400_000;
const DAYS = 91;
const FLAG_RATE = 0.05;
/** Forms per generic write (one statement per shape of row inside it). */
const BATCH = 500;

type Values = Record<string, unknown>;

const TEMPLATES: { code: string; name: string; category: string; fields: FormField[] }[] = [
  { code: 'QF-FA-01', name: '印刷首件检验', category: '首件检验', fields: [
    { key: 'card', label: '流程卡', kind: 'ref', to: 'cards', required: true },
    { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
    { key: 'delta_e', label: 'ΔE 色差', kind: 'number', scale: 1, max: 2 },
    { key: 'register', label: '套印偏差', kind: 'number', scale: 2, unit: 'mm', max: 0.5 },
    { key: 'size', label: '尺寸', kind: 'section' },
    { key: 'length_dev', label: '长度偏差', kind: 'number', scale: 1, unit: 'mm', min: -2, max: 2 },
    { key: 'width_dev', label: '宽度偏差', kind: 'number', scale: 1, unit: 'mm', min: -2, max: 2 },
    { key: 'height_dev', label: '高度偏差', kind: 'number', scale: 1, unit: 'mm', min: -2, max: 2 },
    { key: 'appearance', label: '外观合格', kind: 'yesno', fail_on: 'no', required: true },
    { key: 'photos', label: '首件照片', kind: 'photo', max: 3 },
    { key: 'sign', label: '机长签名', kind: 'signature' },
  ] },
  { code: 'QF-PT-01', name: '生产巡检', category: '巡检', fields: [
    { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
    { key: 'moisture', label: '纸板含水率', kind: 'number', scale: 1, unit: '%', min: 8, max: 14, required: true },
    { key: 'ect', label: '边压强度', kind: 'number', scale: 1, unit: 'kN/m', min: 4.5 },
    { key: 'glue', label: '粘合牢固', kind: 'yesno', fail_on: 'no', required: true },
    { key: 'photos', label: '现场照片', kind: 'photo', max: 3 },
    { key: 'note', label: '备注', kind: 'text', max: 200, multiline: true },
  ] },
  { code: 'QF-FI-01', name: '成品抽检', category: '成品检验', fields: [
    { key: 'card', label: '流程卡', kind: 'ref', to: 'cards', required: true },
    { key: 'sample', label: '抽样数', kind: 'number', scale: 0, unit: '只', min: 1, required: true },
    { key: 'bad', label: '不良数', kind: 'number', scale: 0, unit: '只', max: 2, required: true },
    { key: 'verdict', label: '结论', kind: 'choice', choices: ['合格', '让步接收', '不合格'], fail: ['不合格'], required: true },
  ] },
  { code: 'QF-MC-01', name: '设备点检', category: '设备点检', fields: [
    { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
    { key: 'oil', label: '油位', kind: 'choice', choices: ['正常', '偏低', '缺油'], fail: ['缺油'], required: true },
    { key: 'air', label: '气压', kind: 'number', scale: 2, unit: 'MPa', min: 0.5, max: 0.8, required: true },
    { key: 'noise', label: '异响', kind: 'yesno', fail_on: 'yes', required: true },
    { key: 'sign', label: '点检人签名', kind: 'signature' },
  ] },
  { code: 'AF-LV-01', name: '请假单', category: '行政审批', fields: [
    { key: 'kind', label: '请假类别', kind: 'choice', choices: ['事假', '病假', '年假', '调休'], required: true },
    { key: 'from', label: '开始日期', kind: 'date', required: true },
    { key: 'to', label: '结束日期', kind: 'date', required: true },
    { key: 'days', label: '天数', kind: 'number', scale: 1, min: 0.5, max: 30, required: true },
    { key: 'reason', label: '事由', kind: 'text', max: 200, multiline: true, required: true },
  ] },
];

/** The running lines a patrol walks (twice a shift) and the machines checked each working day. */
const PATROL_LINES = ['DEV01', 'DEV03', 'DEV04', 'DEV07'];
const FIRST_ARTICLE_MACHINES = ['DEV03', 'DEV04'];

const round = (x: number, scale: number) => Math.round(x * 10 ** scale) / 10 ** scale;

export async function seedForms(tx: Db): Promise<number> {
  if ((await rows(tx, sql`select 1 from formtemplates limit 1`)).length > 0) return 0;
  const supervisor = await seedAuth(tx, 'supervisor');
  const inspector = await seedAuth(tx, 'inspector');
  const office = await seedAuth(tx, 'admin');
  if (!supervisor || !inspector || !office) return 0;
  const rng = Rng.for('forms');
  const categories = new Map((await rows<{ id: number; name: string }>(tx, sql`select id, name from formcategories`)).map(c => [c.name, Number(c.id)]));
  if (TEMPLATES.some(t => !categories.has(t.category))) return 0;
  const made = await createMany(tx, formtemplates, TEMPLATES.map(t => ({
    code: t.code, name: t.name, category_id: categories.get(t.category), fields: t.fields, active: true,
  })), supervisor);
  const template = new Map(TEMPLATES.map((t, i) => [t.code, Number(made[i]!.id)]));

  const devices = new Map((await rows<{ id: number; code: string }>(tx, sql`select id, code from devices`)).map(d => [d.code, Number(d.id)]));
  const checked = (await rows<{ id: number }>(tx, sql`select id from devices where status <> 'off' and code <> 'DEV14' order by code`))
    .map(d => Number(d.id));
  const inspectors = (await rows<{ id: number }>(tx, sql`
    select p.id from persons p join persons me on me.id = ${inspector.personId ?? 0}
    where p.department_id = me.department_id and coalesce(p.active, true) order by p.id`)).map(p => Number(p.id));
  const cards = (await rows<{ show_id: string }>(tx, sql`select show_id from cards where not canceled order by id`)).map(c => c.show_id);
  const staff = (await rows<{ id: number }>(tx, sql`select id from persons where coalesce(active, true) order by id limit 40`)).map(p => Number(p.id));
  if (inspectors.length === 0 || cards.length === 0 || checked.length === 0) return 0;

  // The forms tablet on the lines: its facts are the fills below.
  const tablet = (await insertAll(tx, 'computers', [{
    code: 'TAB-01', name: '表单填报平板', worknode_ids: [], ip: '192.168.10.123', screen: 'forms', remark: '手持平板（巡检、点检、首件、抽检表单）',
  }], 'code')).get('TAB-01')!;

  const flag = () => rng.chance(FLAG_RATE);
  const fills: { code: string; at: Date; person: number; values: Values }[] = [];
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  for (let d = DAYS; d >= 1; d--) {
    const day = new Date(today.getTime() - d * DAY);
    const working = day.getDay() !== 0;
    const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000 + rng.int(0, 50) * 60_000);
    const by = () => rng.pick(inspectors);
    for (const line of PATROL_LINES) {
      for (const hours of [9, 14, 21, 26]) {
        const out = flag();
        fills.push({ code: 'QF-PT-01', at: at(hours), person: by(), values: {
          machine: devices.get(line), moisture: out ? round(rng.chance(0.5) ? 14.2 + rng.next() * 1.5 : 6.5 + rng.next(), 1) : round(9 + rng.next() * 4, 1),
          ect: round(5 + rng.next() * 2, 1), glue: true, ...(rng.chance(0.1) ? { note: '生产正常' } : {}),
        } });
      }
    }
    if (!working) continue;
    for (const machine of checked) {
      const out = flag();
      fills.push({ code: 'QF-MC-01', at: at(8), person: by(), values: {
        machine, oil: out && rng.chance(0.5) ? '缺油' : rng.chance(0.1) ? '偏低' : '正常',
        air: out ? round(0.3 + rng.next() * 0.15, 2) : round(0.55 + rng.next() * 0.2, 2), noise: false,
      } });
    }
    for (const machine of FIRST_ARTICLE_MACHINES) {
      const out = flag();
      fills.push({ code: 'QF-FA-01', at: at(10), person: by(), values: {
        card: rng.pick(cards), machine: devices.get(machine), delta_e: out ? round(2.2 + rng.next(), 1) : round(0.5 + rng.next() * 1.2, 1),
        register: round(rng.next() * 0.4, 2), length_dev: round(rng.next() * 2 - 1, 1), width_dev: round(rng.next() * 2 - 1, 1),
        height_dev: round(rng.next() * 2 - 1, 1), appearance: true,
      } });
    }
    const out = flag();
    const bad = out ? rng.int(3, 6) : rng.int(0, 2);
    fills.push({ code: 'QF-FI-01', at: at(15), person: by(), values: {
      card: rng.pick(cards), sample: 50, bad, verdict: out ? '不合格' : bad === 0 ? '合格' : rng.pick(['合格', '让步接收']),
    } });
  }

  // Nothing filled after the seeding moment (a night patrol of last night may lie ahead when seeded just after midnight).
  const now = Date.now();
  fills.splice(0, fills.length, ...fills.filter(f => f.at.getTime() < now));
  // The facts of the tablet, applied, as the push stores them.
  const factRows = fills.map((f, i) => ({
    uuid: randomUUID(), computer_id: tablet, seq: i + 1, name: 'form', v: 1,
    args: { template_id: template.get(f.code), person_id: f.person, values: f.values }, at: f.at.toISOString(), status: 'applied',
    person_id: f.person, device_id: (f.values.machine as number | undefined) ?? null, created_by: inspector.accountId, updated_by: inspector.accountId,
  }));
  const factIds = await insertAll(tx, 'facts', factRows, 'uuid');
  await tx.execute(sql`update computers set last_seq = ${fills.length} where id = ${tablet}`);
  for (let i = 0; i < fills.length; i += BATCH) {
    const part = fills.slice(i, i + BATCH);
    const validated = await validateMany(tx, forms, part.map(f => ({ template_id: template.get(f.code), values: f.values, filled_by: f.person })), 'create');
    await insertValidated(tx, forms, validated.map((v, k) => ({
      ...v, fact_id: factIds.get(factRows[i + k]!.uuid), computer_id: tablet, filled_at: part[k]!.at,
    })), inspector);
  }

  // A few leave forms, filled in the office.
  const leaves: Values[] = [];
  for (let k = 0; k < 12; k++) {
    const from = new Date(today.getTime() - rng.int(2, DAYS - 5) * DAY);
    const days = rng.int(1, 3);
    const ymd = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    leaves.push({ template_id: template.get('AF-LV-01'), filled_by: rng.pick(staff), values: {
      kind: rng.pick(['事假', '病假', '年假', '调休']), from: ymd(from), to: ymd(new Date(from.getTime() + (days - 1) * DAY)), days,
      reason: rng.pick(['家中有事', '身体不适，去医院复查', '年假休息', '加班调休']),
    } });
  }
  await createMany(tx, forms, leaves, office);

  // The older flagged forms reviewed by the supervisor; their messages read.
  const old = await rows<{ id: number }>(tx, sql`
    select id from forms where flagged and status = 'submitted' and filled_at < now() - interval '2 days' order by id`);
  for (const f of old) {
    const form = await rowById(tx, forms, Number(f.id), true);
    await systemUpdate(tx, forms, form!, {
      status: 'reviewed', reviewed_at: new Date((form!.filled_at as Date).getTime() + rng.int(2, 20) * 3_600_000),
      reviewed_by: supervisor.accountId, review_comment: rng.pick(['已复测合格，调整后继续生产', '已通知机长调整', '已隔离，返工处理', '补油后复检正常']),
    }, supervisor);
  }
  await tx.execute(sql`
    update messages m set read_at = f.reviewed_at from forms f
    where m.kind = 'form_flagged' and m.link = '/forms/edit/' || f.id and f.status = 'reviewed'`);
  return fills.length + leaves.length + TEMPLATES.length;
}
