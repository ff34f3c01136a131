import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/domain/contract/sync';
import { baseUrl, get, listEvery, post, sessionOf } from '../client';
import { computer, deviceLogin, factsOf, lineWithCards, person, pushOk } from '../shopfloor/fixtures';

/**
 * Forms over HTTP (docs/sales-office.md "Forms", decisions 265–269): a template's field list is refused with what and
 * where; a template named by a form is frozen and a save of its fields makes a new version; a form is judged by the
 * version it names — errors refuse (422 on `values.<key>`), values out of limits flag and never refuse; references must
 * name live rows; a flagged form is reviewed with a comment, messages its reviewers and is a to-do until reviewed;
 * the counts of the categories screen; the inspector's grants.
 */
type Row = Record<string, unknown>;

let admin = '';
let supervisor = '';
let inspector = '';
let sales = '';
let category: Row;
let device: Row;
const uniq = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;
const key = () => ({ 'idempotency-key': randomUUID() });

const ok = (r: { status: number; body: Row }, what = 'call') => {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

const PATROL = [
  { key: 'head', label: '巡检', kind: 'section' },
  { key: 'machine', label: '机台', kind: 'ref', to: 'devices', required: true },
  { key: 'moisture', label: '纸板含水率', kind: 'number', scale: 1, unit: '%', min: 8, max: 14, required: true },
  { key: 'glue', label: '粘合', kind: 'yesno', fail_on: 'no' },
  { key: 'verdict', label: '结论', kind: 'choice', choices: ['合格', '不合格'], fail: ['不合格'] },
  { key: 'note', label: '备注', kind: 'text', max: 20 },
];

async function saveTemplate(values: Row, session = supervisor) {
  return post('/forms/templates/save/', values, { session, headers: values.id ? {} : key() });
}
async function newTemplate(fields: unknown = PATROL): Promise<Row> {
  return ok(await saveTemplate({ code: uniq('FT'), name: '生产巡检', category_id: category.id, fields }), 'template').dt as Row;
}
async function fill(template: Row, values: Row, session = inspector, extra: Row = {}) {
  return post('/forms/save/', { template_id: template.id, values, ...extra }, { session, headers: key() });
}
const detail = async (id: unknown) => ok(await get('/forms/detail/', { id }, { session: admin })).dt as Row;

beforeAll(async () => {
  [admin, supervisor, inspector, sales] = await Promise.all([sessionOf('admin'), sessionOf('supervisor'), sessionOf('inspector'), sessionOf('sales')]);
  category = (await listEvery('/forms/categories/list/', {}, { session: admin }))[0]!;
  device = (ok(await get('/devices/list/', { limit: 5 }, { session: admin })).dt as Row[])[0]!;
});

describe('templates', () => {
  it('refuses a bad field list naming what and where, and writes nothing', async () => {
    const code = uniq('FT');
    const cases: [unknown, string][] = [
      [[PATROL[1], PATROL[1]], '第 2 个字段的键 machine 与前面的字段重复'],
      [[{ ...PATROL[2], min: 15 }], '第 1 个字段（moisture）的下限大于上限'],
      [[{ key: 'v', label: 'V', kind: 'choice', choices: [] }], '第 1 个字段（v）是选择题，但没有选项'],
      [[{ key: 'v', label: 'V', kind: 'choice', choices: ['好'], fail: ['坏'] }], '第 1 个字段（v）的不合格选项“坏”不在选项中'],
      [[{ key: 'v', label: 'V', kind: 'slider' }], '第 1 个字段（v）不正确'],
      ['not json', '值不正确'],
    ];
    for (const [fields, message] of cases) {
      const r = await saveTemplate({ code, name: 'x', category_id: category.id, fields });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(String(r.body.errors?.fields)).toContain(message);
    }
    expect(await listEvery('/forms/templates/list/', { code }, { session: admin })).toEqual([]);
  });

  it('changes a template no form names in place; a frozen one makes a new current version, the old one kept', async () => {
    const t = await newTemplate();
    const renamed = ok(await saveTemplate({ id: t.id, version: t.version, fields: [...PATROL, { key: 'extra', label: '附加', kind: 'date' }] })).dt as Row;
    expect(renamed.id).toBe(t.id);
    expect(renamed.version_no).toBe(1);
    const form = ok(await fill(renamed, { machine: device.id, moisture: 10 }), 'fill').dt as Row;
    expect(form.template_id).toBe(t.id);
    // The name changes in place; the fields make version 2.
    const named = ok(await saveTemplate({ id: t.id, version: renamed.version, name: '生产巡检（新）' })).dt as Row;
    expect(named.id).toBe(t.id);
    const v2 = ok(await saveTemplate({ id: t.id, version: named.version, fields: PATROL })).dt as Row;
    expect(v2.id).not.toBe(t.id);
    expect(v2).toMatchObject({ code: t.code, version_no: 2, is_current: true, name: '生产巡检（新）' });
    const old = ok(await get('/forms/templates/detail/', { id: t.id }, { session: admin })).dt as Row;
    expect(old).toMatchObject({ version_no: 1, is_current: false });
    expect((old.fields as Row[]).map(f => f.key)).toContain('extra');
    // An office fill on the replaced version is refused: the screen reloads the template.
    const stale = await fill(old, { machine: device.id, moisture: 10 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('该模板已有新版本或已停用，请重新打开填写页面');
    // The form keeps its version, and is judged by it: its `extra` answer is still a field.
    const fixed = ok(await post('/forms/save/', { id: form.id, version: form.version, values: { machine: device.id, moisture: 9, extra: '2026-01-05' } },
      { session: supervisor })).dt as Row;
    expect(fixed.template_id).toBe(t.id);
    // The code of a template with several versions is fixed.
    const recode = await saveTemplate({ id: v2.id, version: v2.version, code: uniq('FT') });
    expect(recode.status).toBe(422);
    expect(Object.keys(recode.body.errors ?? {})).toEqual(['code']);
  });

  it('inspectors read templates and may not write them', async () => {
    const r = await saveTemplate({ code: uniq('FT'), name: 'x', category_id: category.id, fields: PATROL }, inspector);
    expect(r.status).toBe(403);
  });
});

describe('filling and judging', () => {
  let t: Row;
  beforeAll(async () => { t = await newTemplate(); });

  it('saves a good form unflagged, numbered, with its category, machine and filler', async () => {
    const f = ok(await fill(t, { machine: device.id, moisture: 14.0, glue: true, verdict: '合格', note: '', head: null })).dt as Row;
    expect(f).toMatchObject({ flagged: false, flags: [], category_id: category.id, device_id: device.id, status: 'submitted',
      approval_status: 'none', values: { machine: device.id, moisture: 14, glue: true, verdict: '合格' } });
    expect(String(f.show_id)).toMatch(/^BD\d{8}-\d{4}$/);
    expect(f.filled_by).not.toBeNull();
    expect(f.filled_at).not.toBeNull();
  });

  it('flags values outside their limits and failing answers, never refusing them', async () => {
    const f = ok(await fill(t, { machine: device.id, moisture: 14.1, glue: false, verdict: '不合格' })).dt as Row;
    expect(f.flagged).toBe(true);
    expect(f.flags).toEqual([
      { key: 'moisture', label: '纸板含水率', value: 14.1, min: 8, max: 14 },
      { key: 'glue', label: '粘合', value: false },
      { key: 'verdict', label: '结论', value: '不合格' },
    ]);
  });

  it('refuses wrong answers on values.<key>, writing nothing', async () => {
    const before = Number(ok(await get('/forms/list/', { template_id: t.id, limit: 1 }, { session: admin })).total);
    const r = await fill(t, { moisture: 11.25, glue: 'maybe', verdict: '也许', note: 'x'.repeat(21), extra: 1 }, inspector);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      'values.machine': '必填', 'values.moisture': expect.stringContaining('1') as unknown as string, 'values.glue': '值不正确',
      'values.verdict': '值不正确', 'values.note': '不能超过 20 个字符', 'values.extra': '模板中没有这个字段',
    });
    const ref = await fill(t, { machine: 2_000_000_000, moisture: 10 });
    expect(ref.status).toBe(422);
    expect(ref.body.errors).toEqual({ 'values.machine': '找不到所填的记录' });
    const shape = await fill(t, [1, 2] as unknown as Row);
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.errors ?? {})).toEqual(['values']);
    const readOnly = await fill(t, { machine: device.id, moisture: 10 }, inspector, { flagged: false });
    expect(readOnly.status).toBe(422);
    expect(Number(ok(await get('/forms/list/', { template_id: t.id, limit: 1 }, { session: admin })).total)).toBe(before);
  });

  it('keeps the template once saved; corrections are judged again', async () => {
    const f = ok(await fill(t, { machine: device.id, moisture: 10 })).dt as Row;
    const other = await newTemplate();
    const r = await post('/forms/save/', { id: f.id, version: f.version, template_id: other.id }, { session: supervisor });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['template_id']);
    const out = ok(await post('/forms/save/', { id: f.id, version: f.version, values: { machine: device.id, moisture: 7.5 } },
      { session: supervisor })).dt as Row;
    expect(out).toMatchObject({ flagged: true, flags: [{ key: 'moisture', label: '纸板含水率', value: 7.5, min: 8, max: 14 }] });
  });
});

describe('review, messages, to-do and counts', () => {
  let t: Row;
  beforeAll(async () => { t = await newTemplate(); });

  it('a flagged form messages the reviewers once, is a to-do until reviewed with a comment, then is fixed', async () => {
    const f = ok(await fill(t, { machine: device.id, moisture: 20 })).dt as Row;
    const mine = async () => (await listEvery('/messages/list/', { kind: 'form_flagged' }, { session: supervisor }))
      .filter(m => m.link === `/forms/edit/${String(f.id)}`);
    const messages = await mine();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.title).toBe(`表单 ${String(f.show_id)} 有超限项：生产巡检`);
    // A correction that stays flagged tells nobody again.
    const again = ok(await post('/forms/save/', { id: f.id, version: f.version, values: { machine: device.id, moisture: 21 } },
      { session: supervisor })).dt as Row;
    expect(await mine()).toHaveLength(1);

    const todo = async () => ((ok(await get('/todos/', {}, { session: supervisor })).groups as Row[])
      .find(g => g.kind === 'forms_flagged')) as Row | undefined;
    const group = await todo();
    expect(Number(group?.count)).toBeGreaterThan(0);
    expect((group!.entries as Row[]).length).toBeGreaterThan(0);
    // Inspectors may not review; there is no to-do of forms for them.
    expect((await post('/forms/review/', { id: f.id, version: again.version, comment: 'x' }, { session: inspector })).status).toBe(403);
    expect(((ok(await get('/todos/', {}, { session: inspector })).groups as Row[]).map(g => g.kind))).not.toContain('forms_flagged');

    const counts = async () => ((ok(await get('/forms/counts/', {}, { session: supervisor })).dt as Row[])
      .find(c => c.category_id === category.id))!;
    const openBefore = Number((await counts()).flagged_open);
    expect(Number((await counts()).today)).toBeGreaterThan(0);

    const noComment = await post('/forms/review/', { id: f.id, version: again.version, comment: ' ' }, { session: supervisor });
    expect(noComment.status).toBe(400);
    expect(noComment.body.msg).toBe('该表单有超限项，审核时请填写意见');
    const stale = await post('/forms/review/', { id: f.id, version: f.version, comment: '已复测' }, { session: supervisor });
    expect(stale.status).toBe(409);
    const reviewed = ok(await post('/forms/review/', { id: f.id, version: again.version, comment: '已复测，调整烘干' }, { session: supervisor }));
    expect(reviewed.status).toBe('reviewed');
    expect(await detail(f.id)).toMatchObject({ status: 'reviewed', review_comment: '已复测，调整烘干', reviewed_by: expect.any(Number) as unknown });
    expect(Number((await counts()).flagged_open)).toBe(openBefore - 1);
    const twice = await post('/forms/review/', { id: f.id, version: reviewed.version, comment: 'x' }, { session: supervisor });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该表单已审核');
    const edit = await post('/forms/save/', { id: f.id, version: reviewed.version, remark: 'late' }, { session: supervisor });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('该表单已审核，不能再修改');
  });

  it('reviews an unflagged form without a comment', async () => {
    const f = ok(await fill(t, { machine: device.id, moisture: 10 })).dt as Row;
    expect(ok(await post('/forms/review/', { id: f.id, version: f.version }, { session: supervisor })).status).toBe('reviewed');
  });

  it('refuses bad review and counts input with 4xx', async () => {
    for (const bad of [{}, { id: 'x', version: 1 }, { id: 1, version: 0 }, { id: 1, version: 1, comment: 'x'.repeat(501) }]) {
      const r = await post('/forms/review/', bad, { session: supervisor });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/forms/review/', { id: 2_000_000_000, version: 1 }, { session: supervisor })).status).toBe(404);
    expect((await get('/forms/counts/', {}, { session: sales })).status).toBe(403);
  });
});

describe('the form fact of a terminal', () => {
  let t: Row;
  let terminal: { id: number; code: string };
  let tablet = '';
  let filler = 0;
  let seq = 0;
  const PHOTO = `data:image/jpeg;base64,${Buffer.alloc(3000, 7).toString('base64')}`;
  const fields = [...PATROL, { key: 'card', label: '流程卡', kind: 'ref', to: 'cards' }, { key: 'photos', label: '照片', kind: 'photo', max: 2 },
    { key: 'sign', label: '签名', kind: 'signature' }];
  const fact = (args: Row, at = new Date()): Mutation => ({ id: randomUUID(), seq: ++seq, name: 'form', args, at: at.toISOString(), v: 1 });
  const formsOfFact = async (factId: unknown) => listEvery('/forms/list/', { fact_id: factId }, { session: admin });

  beforeAll(async () => {
    t = await newTemplate(fields);
    terminal = await computer([]);
    tablet = (await deviceLogin(terminal.code, 'inspector')).session;
    filler = await person();
  });

  it('applies once: the form written through the save path, flagged, images stored as files and kept; a replay is a duplicate', async () => {
    const { cards } = await lineWithCards([{}], 1, 10);
    const at = new Date(Date.now() - 3600_000);
    const m = fact({ template_id: t.id, person_id: filler, remark: '夜班',
      values: { machine: device.id, moisture: 15.5, card: cards[0]!.show_id, photos: [PHOTO], sign: PHOTO.replace('jpeg', 'png') } }, at);
    const first = await pushOk(tablet, terminal.code, [m]);
    expect(first.results).toEqual([{ id: m.id, status: 'applied' }]);
    const stored = (await factsOf(terminal.id)).find(f => f.uuid === m.id)!;
    expect(stored).toMatchObject({ name: 'form', status: 'applied', person_id: filler, device_id: device.id, card_id: cards[0]!.id });
    const [form, ...more] = await formsOfFact(stored.id);
    expect(more).toEqual([]);
    expect(form).toMatchObject({ template_id: t.id, filled_by: filler, computer_id: terminal.id, flagged: true, card_id: cards[0]!.id,
      device_id: device.id, remark: '夜班', status: 'submitted' });
    expect(new Date(String(form!.filled_at)).getTime()).toBe(at.getTime());
    const files = form!.files as string[];
    expect(files).toHaveLength(2);
    const values = form!.values as Row;
    expect(values.photos).toEqual([files[0]]);
    expect(values.sign).toBe(files[1]);
    for (const f of files) expect(f).toMatch(/^\/files\/\?action=download&id=/);
    const photo = await fetch(`${baseUrl()}${files[0]!}`, { headers: { authorization: admin } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).length).toBe(3000);
    // The replay writes nothing again.
    const again = await pushOk(tablet, terminal.code, [m]);
    expect(again.results).toEqual([{ id: m.id, status: 'duplicate' }]);
    expect(await formsOfFact(stored.id)).toHaveLength(1);
  });

  it('is judged by the version it was filled on, replaced since', async () => {
    const old = await newTemplate(fields);
    ok(await fill(old, { machine: device.id, moisture: 10 }), 'freeze');
    const v2 = ok(await saveTemplate({ id: old.id, version: old.version, fields: PATROL })).dt as Row;
    expect(v2.id).not.toBe(old.id);
    const m = fact({ template_id: old.id, person_id: filler, values: { machine: device.id, moisture: 9, photos: [PHOTO] } });
    expect((await pushOk(tablet, terminal.code, [m])).results[0]!.status).toBe('applied');
  });

  it('refuses as dead letters, keeping nothing half-written, and a resubmission applies the correction', async () => {
    const refused = async (args: Row, key: string) => {
      const m = fact(args);
      const r = await pushOk(tablet, terminal.code, [m]);
      expect(r.results[0], JSON.stringify(r.results)).toMatchObject({ id: m.id, status: 'rejected' });
      const f = (await factsOf(terminal.id)).find(x => x.uuid === m.id)!;
      expect(f.reason).toBe(key);
      expect(await formsOfFact(f.id)).toEqual([]);
      return f;
    };
    await refused({ template_id: 2_000_000_000, person_id: filler, values: {} }, 'form_template_unknown');
    await refused({ template_id: t.id, person_id: 2_000_000_000, values: { machine: device.id, moisture: 10 } }, 'form_person_unknown');
    await refused({ template_id: t.id, person_id: filler, values: { moisture: 10 } }, 'form_bad_values');
    await refused({ template_id: t.id, person_id: filler, values: { machine: device.id, moisture: 10, extra: 1 } }, 'form_bad_values');
    await refused({ template_id: t.id, person_id: filler, values: 'x' }, 'fact_bad_args');
    const typo = await refused({ template_id: t.id, person_id: filler, values: { machine: device.id, moisture: 10, card: 'NO-SUCH-CARD' } },
      'form_ref_unknown');
    // An operator's kiosk may not fill in forms.
    const kiosk = await computer([]);
    const operator = (await deviceLogin(kiosk.code, 'operator')).session;
    const m = fact({ template_id: t.id, person_id: filler, values: { machine: device.id, moisture: 10 } });
    expect((await pushOk(operator, kiosk.code, [m])).results[0]).toMatchObject({ status: 'rejected' });
    expect((await factsOf(kiosk.id)).find(x => x.uuid === m.id)!.reason).toBe('form_not_allowed');

    const resubmitted = ok(await post('/sync/facts/resubmit/', {
      id: typo.id, version: typo.version, args: { template_id: t.id, person_id: filler, values: { machine: device.id, moisture: 10 } },
      note: '卡号录错',
    }, { session: supervisor }));
    expect(resubmitted.status).toBe('resolved');
    const [form] = await formsOfFact(typo.id);
    expect(form).toMatchObject({ fact_id: typo.id, computer_id: terminal.id, flagged: false });
  });
});
