import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, es, ja, translate, zh, type MessageKey } from '../../src/domain/messages/catalog';
import type { Field } from '../../src/domain/registry/fields';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES, resourceByName } from '../../src/domain/resources/all';
import { baseUrl, get, post, sessionOf, type Reply } from './client';

/**
 * Bad input, generated from the registry: for every declared resource a valid create payload is built from the
 * declaration, then every writable field is broken in each way that applies to its type. Every bad request must
 * answer a 4xx with a message (422 with `errors[field]` for a field error), never 500, and must write nothing.
 * Nothing here names a resource or a field by hand, so a new declaration is covered the day it is added.
 */

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

let admin = '';
const run = Date.now().toString(36);
let seq = 0;

function ok(r: Reply): Reply {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}
const call = {
  get: (path: string, params: Params = {}) => get(path, params, { session: admin }),
  post: (path: string, values: Params = {}) => post(path, values, { session: admin }),
};
const totalOf = async (res: ResourceDef): Promise<number> =>
  ok(await call.get(`${res.api}/list/`, { limit: 1 })).body.total as number;

/** A text unique in this run (the seed's and other files' values never look like it), at most `max` long. */
function uniqueText(max: number): string {
  const s = `b${run}${(++seq).toString(36)}`;
  return s.length <= max ? s : s.slice(s.length - max);
}

const writable = (res: ResourceDef): [string, Field][] => Object.entries(res.fields).filter(([, f]) => !f.readOnly);

// ---------------------------------------------------------------------------------------------------------------
// Valid payloads

const refIds = new Map<string, Promise<number>>();

/** The id of some row of `target`: the first one listed, or a fresh one when there is none. */
function refId(target: string, visiting: ReadonlySet<string>): Promise<number> {
  let p = refIds.get(target);
  if (!p) {
    p = (async () => {
      const res = resourceByName(target)!;
      const [row] = ok(await call.get(`${res.api}/list/`, { limit: 1 })).body.dt as Row[];
      if (row) return row.id as number;
      const created = ok(await call.post(`${res.api}/save/`, await validPayload(res, new Set([...visiting, target]))));
      return created.body.id as number;
    })();
    refIds.set(target, p);
  }
  return p;
}

async function validValue(f: Field, visiting: ReadonlySet<string>): Promise<unknown> {
  switch (f.type) {
    case 'text': return uniqueText(f.max);
    case 'int': return Math.min(Math.max(f.min ?? 1, 1), f.max ?? 1000);
    case 'number': return Math.max(f.min ?? 0, 0) + (f.scale >= 2 ? 1.25 : 1);
    case 'money': return 12.5;
    case 'bool': return true;
    case 'date': return '2026-01-02';
    case 'datetime': return '2026-01-02T03:04:05.000Z';
    case 'enum': return f.values[0];
    case 'ref': return refId(f.to, visiting);
    case 'refs': return [await refId(f.to, visiting)];
    case 'json': return {};
    case 'texts': return ['a'];
    case 'password': return 'secret123';
  }
}

/** A create payload every field of which is given and valid (a reference that would close a cycle is left out). */
async function validPayload(res: ResourceDef, visiting: ReadonlySet<string> = new Set()): Promise<Params> {
  const out: Params = {};
  await Promise.all(writable(res).map(async ([k, f]) => {
    if ((f.type === 'ref' || f.type === 'refs') && visiting.has(f.to)) {
      if (f.required) throw new Error(`${res.name}.${k}: required reference cycle through ${f.to}`);
      return;
    }
    out[k] = await validValue(f, visiting);
  }));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Bad payloads

interface Expect { key: MessageKey; params?: Record<string, string | number> }
/** One way to break one field. `viaItem` sends the value typed, inside `item=` JSON (a form can only send text). */
interface Breakage {
  how: string; value?: unknown; omit?: boolean; viaItem?: boolean; expect?: Expect;
  /** false: refused by the database rather than the validator, so a 4xx without a field error is enough. */
  fieldError?: false;
}

const OBJ = { a: 1 };

function breakages(f: Field): Breakage[] {
  const out: Breakage[] = [];
  switch (f.type) {
    case 'text':
      out.push({ how: 'an object', value: OBJ, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'a number', value: 12345, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: `${f.max + 1} characters`, value: 'x'.repeat(f.max + 1), expect: { key: 'too_long', params: { max: f.max } } });
      out.push({ how: 'max+1 characters of Chinese', value: '中'.repeat(f.max + 1), expect: { key: 'too_long', params: { max: f.max } } });
      out.push({ how: 'a NUL character', value: `a\u0000b`, fieldError: false });
      break;
    case 'password':
      out.push({ how: 'an object', value: OBJ, viaItem: true });
      out.push({ how: 'too short', value: 'abc', expect: { key: 'too_short', params: { min: 6 } } });
      out.push({ how: 'too long', value: 'x'.repeat(201), expect: { key: 'too_long', params: { max: 200 } } });
      break;
    case 'int': case 'number': case 'money': case 'ref':
      out.push({ how: 'text', value: 'abc', expect: { key: 'not_number' } });
      out.push({ how: 'an object', value: OBJ, viaItem: true, expect: { key: 'not_number' } });
      out.push({ how: 'a boolean', value: true, viaItem: true, expect: { key: 'not_number' } });
      out.push({ how: 'a number in words', value: '1e3' });
      out.push({ how: 'Infinity', value: 'Infinity', expect: { key: 'not_number' } });
      if (f.type === 'int' || f.type === 'ref') {
        out.push({ how: 'a fraction', value: 1.5, viaItem: true, expect: { key: 'not_integer' } });
        out.push({ how: 'a fraction as text', value: '1.5' });
        out.push({ how: 'beyond a 32-bit integer', value: 2147483648, viaItem: true });
        out.push({ how: 'beyond a 32-bit integer as text', value: '99999999999' });
      }
      if (f.type === 'ref') {
        out.push({ how: 'zero', value: 0 });
        out.push({ how: 'negative', value: -1 });
      }
      if (f.type === 'int' && f.min !== undefined) out.push({ how: 'below min', value: f.min - 1, expect: { key: 'too_small', params: { min: f.min } } });
      if (f.type === 'int' && f.max !== undefined) out.push({ how: 'above max', value: f.max + 1, expect: { key: 'too_big', params: { max: f.max } } });
      if (f.type === 'number' && f.min !== undefined) out.push({ how: 'below min', value: f.min - 1, expect: { key: 'too_small', params: { min: f.min } } });
      if (f.type === 'number' || f.type === 'money') {
        const scale = f.type === 'money' ? 4 : f.scale;
        const largest = `${'9'.repeat(15 - scale)}${scale ? `.${'9'.repeat(scale)}` : ''}`;
        out.push({ how: 'astronomically big', value: '9'.repeat(40), expect: { key: 'too_big', params: { max: largest } } });
        // Values travel as doubles, which hold 15 significant digits exactly: 12345678901234.5678 read back …234.568.
        out.push({ how: 'beyond 15 significant digits', value: `${'1234567890123456'.slice(0, 15 - scale + 3)}.5678`,
          expect: { key: 'too_big', params: { max: largest } } });
        out.push({ how: 'at the 15-digit limit', value: `1${'0'.repeat(15 - scale)}`, expect: { key: 'too_big', params: { max: largest } } });
        out.push({ how: 'rounding up to the limit', value: `${largest}9` });
        // The first value numeric(18, scale) cannot hold: once refused by the database after validation passed.
        out.push({ how: `at the numeric(18,${scale}) limit`, value: 10 ** (18 - scale), viaItem: true });
      }
      // Money is kept as typed or refused, never rounded (docs/finance.md): one decimal too many is an error.
      if (f.type === 'money') {
        out.push({ how: 'five decimals', value: '1.23456', expect: { key: 'too_many_decimals', params: { max: 4 } } });
        out.push({ how: 'five decimals as a number', value: 1.23456, viaItem: true, expect: { key: 'too_many_decimals', params: { max: 4 } } });
      }
      break;
    case 'bool':
      out.push({ how: 'text', value: 'maybe', expect: { key: 'invalid_value' } });
      out.push({ how: 'a number', value: 2, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'an object', value: OBJ, viaItem: true, expect: { key: 'invalid_value' } });
      break;
    case 'date':
      out.push({ how: '2026-02-30', value: '2026-02-30', expect: { key: 'invalid_date' } });
      out.push({ how: '2026-13-01', value: '2026-13-01', expect: { key: 'invalid_date' } });
      out.push({ how: 'text', value: 'yesterday', expect: { key: 'invalid_date' } });
      out.push({ how: 'a number', value: 20260102, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'an object', value: OBJ, viaItem: true });
      break;
    case 'datetime':
      out.push({ how: 'text', value: 'not a time' });
      out.push({ how: 'an object', value: OBJ, viaItem: true });
      out.push({ how: 'too long', value: `2026-01-02T03:04:05Z${' '.repeat(40)}` });
      break;
    case 'enum':
      out.push({ how: 'a value not in the list', value: 'zz_not_a_value', expect: { key: 'invalid_choice' } });
      {
        // Flip the case of the first value (CNY → cny, running → RUNNING): values are matched exactly.
        const v = f.values[0]!;
        const flipped = v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase();
        if (flipped !== v) out.push({ how: 'a value in the wrong case', value: flipped, expect: { key: 'invalid_choice' } });
      }
      out.push({ how: 'a number', value: 1, viaItem: true, expect: { key: 'invalid_choice' } });
      break;
    case 'refs':
      out.push({ how: 'text', value: 'abc' });
      out.push({ how: 'an object', value: OBJ, viaItem: true });
      out.push({ how: 'a list with zero', value: [0] });
      out.push({ how: 'a list with text', value: ['x'] });
      out.push({ how: 'malformed JSON', value: '[1,' });
      out.push({ how: 'too many', value: Array.from({ length: (f.max ?? 1000) + 1 }, () => 1), expect: { key: 'too_many', params: { max: f.max ?? 1000 } } });
      break;
    case 'texts': {
      const maxLength = f.maxLength ?? 200, maxItems = f.maxItems ?? 2000;
      out.push({ how: 'an object', value: OBJ, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'a list of numbers', value: [1, 2], viaItem: true });
      out.push({ how: 'an element too long', value: ['x'.repeat(maxLength + 1)], expect: { key: 'too_long', params: { max: maxLength } } });
      out.push({ how: 'too many', value: Array.from({ length: maxItems + 1 }, () => 'a'), expect: { key: 'too_many', params: { max: maxItems } } });
      out.push({ how: 'malformed JSON', value: '["a",' });
      break;
    }
    case 'json': {
      const maxBytes = f.maxBytes ?? 64 * 1024;
      out.push({ how: 'malformed JSON', value: '{not json', expect: { key: 'invalid_value' } });
      out.push({ how: 'a number', value: 5, viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'a plain string', value: 'just text', viaItem: true, expect: { key: 'invalid_value' } });
      out.push({ how: 'too big', value: { s: 'x'.repeat(maxBytes) } });
      break;
    }
  }
  if (f.required) {
    // A required field with a declared default takes it when left out (its own test below); one without is refused.
    if (!('default' in f && f.default !== undefined)) out.push({ how: 'missing', omit: true, expect: { key: 'required' } });
    out.push({ how: 'empty', value: '', expect: { key: 'required' } });
    out.push({ how: 'null', value: null, viaItem: true, expect: { key: 'required' } });
  }
  return out;
}

interface BadRequest { label: string; body: Params; field?: string; expect?: Expect; status?: number }

function badRequests(res: ResourceDef, valid: Params): BadRequest[] {
  const out: BadRequest[] = [];
  for (const [k, f] of writable(res)) {
    for (const b of breakages(f)) {
      const values: Params = { ...valid };
      if (b.omit) delete values[k]; else values[k] = b.value;
      out.push({
        label: `${res.name}.${k} ${b.how}`, field: b.fieldError === false ? undefined : k, expect: b.expect,
        body: b.viaItem ? { item: values } : values,
      });
    }
  }
  out.push({ label: `${res.name}: an unknown field`, field: 'zz_no_such_field', body: { ...valid, zz_no_such_field: '1' }, expect: { key: 'unknown_field' } });
  out.push({ label: `${res.name}: an unknown field in item`, field: 'zz_no_such_field', body: { item: { ...valid, zz_no_such_field: 1 } }, expect: { key: 'unknown_field' } });
  for (const ro of Object.entries(res.fields).filter(([, f]) => f.readOnly)) {
    out.push({ label: `${res.name}.${ro[0]} is read-only`, field: ro[0], body: { ...valid, [ro[0]]: '1' } });
  }
  out.push({ label: `${res.name}: item= malformed JSON`, body: { item: '{"name": ' }, status: 400, expect: { key: 'invalid_json' } });
  out.push({ label: `${res.name}: item= a list`, body: { item: [valid] }, status: 400, expect: { key: 'invalid_json' } });
  out.push({ label: `${res.name}: item= a string`, body: { item: '"x"' }, status: 400, expect: { key: 'invalid_json' } });
  return out;
}

/** Checks one bad reply; returns a description of what is wrong, or nothing. */
function judge(b: BadRequest, r: Reply): string | undefined {
  const where = `${b.label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  if (r.status < 400 || r.status >= 500) return `not a 4xx — ${where}`;
  if (typeof r.body.msg !== 'string' || r.body.msg === '') return `no msg — ${where}`;
  if (b.status && r.status !== b.status) return `expected ${b.status} — ${where}`;
  if (b.field) {
    if (r.status !== 422) return `a field error should be 422 — ${where}`;
    if (r.body.msg !== zh.invalid_input) return `msg should be invalid_input — ${where}`;
    const e = r.body.errors?.[b.field];
    if (typeof e !== 'string' || e === '') return `no errors.${b.field} — ${where}`;
    if (b.expect && e !== translate('zh', b.expect.key, b.expect.params)) return `expected "${translate('zh', b.expect.key, b.expect.params)}" — ${where}`;
  } else if (b.expect && r.body.msg !== translate('zh', b.expect.key, b.expect.params)) {
    return `expected msg "${translate('zh', b.expect.key, b.expect.params)}" — ${where}`;
  }
  return undefined;
}

/** The value a valid payload's field should read back as. */
function readBack(f: Field, sent: unknown, got: unknown): boolean {
  if (f.type === 'datetime') return Date.parse(String(got)) === Date.parse(String(sent));
  return JSON.stringify(got) === JSON.stringify(sent);
}

/**
 * Announces a form body of `bytes` with `Expect: 100-continue` and answers the reply the server sends before the body.
 * The server refuses an oversized body by its Content-Length and closes the connection without reading it; a client
 * that is still sending then gets a reset that may swallow the reply, so this client waits as curl does. A server that
 * waited for the body instead of refusing it up front never answers here, and the call fails after 10 s.
 */
function announcePost(path: string, bytes: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { req.destroy(); reject(new Error('no reply before the body was sent')); }, 10_000);
    const req = request(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: {
        authorization: admin, 'content-type': 'application/x-www-form-urlencoded', 'content-length': bytes,
        expect: '100-continue',
      },
    }, res => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        try { resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }); } catch (e) { reject(e as Error); }
      });
    });
    req.on('error', e => { clearTimeout(timer); reject(e); });
    req.flushHeaders();
  });
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  admin = await sessionOf('admin');
});

/**
 * Resources whose rows a save never creates: process cards come from an order line's generation (decision 93); the
 * shop floor's facts, inspections and their defects from the facts kiosks and tablets push (docs/shopfloor.md).
 */
const NOT_SAVED = new Set(['cards', 'facts', 'predetails', 'inventorydetails', 'baddetails', 'messages', 'itemlogs', 'inventory', 'stocklots',
  // Allocations are made by allocating a receipt (decision 221); statement lines by the statement import (decision 252).
  'allocations', 'statementlines']);
/**
 * How a valid save of a resource of NOT_SAVED is refused: 409 by its rules, or 422 for a statement line, every field of
 * which is read-only, its required ones too, so the save's validation refuses it before any rule is asked.
 */
const notSavedStatus = (res: ResourceDef) => (res.name === 'statementlines' ? 422 : 409);
/**
 * Optional fields the generic generator cannot fill validly, left out of the valid payload: a formula line's
 * sub-formula must be a formula of that line's material (decision 101), which a value picked at random is not.
 */
const LEFT_OUT: Readonly<Record<string, readonly string[]>> = {
  formulamaterials: ['sub_formula_id'],
  // A work record's card step must be finished and be its card's (docs/piece-work.md); a step picked at random is not.
  works: ['cardnode_id', 'card_id'],
  // A delivery line's card must be of its item (and gives the line its lot), its package must hold the item (and gives
  // the line its quantity): docs/delivery.md.
  deliverylines: ['card_id', 'package_id'],
  // A payout's stock document must be a live goods-in document (decision 246), which the first one listed need not be.
  payouts: ['stockdoc_id'],
  // An order's contract must be its customer's, active and valid on its date (decision 257), which the first need not be.
  orders: ['contract_id'],
};

/** A work node of its own with a machine in service at it, and a draft order line routed through it (made once). */
let planningRows: Promise<{ worknode: number; device: number; line: number }> | undefined;
function planning(): Promise<{ worknode: number; device: number; line: number }> {
  planningRows ??= (async () => {
    const text = () => uniqueText(30);
    const worknode = ok(await call.post('/workflows/worknodes/save/', { code: text(), name: text() })).body.id as number;
    const flow = ok(await call.post('/workflows/workflows/save/', { code: text(), name: text(), worknode_ids: [worknode] })).body.id;
    const item = ok(await call.post('/items/save/', { code: text(), name: text(), workflow_id: flow })).body.id;
    const device = ok(await call.post('/devices/save/', { code: text(), name: text(), worknode_id: worknode, status: 'idle' })).body.id as number;
    const [customer] = ok(await call.get('/customers/list/', { limit: 1 })).body.dt as Row[];
    const order = ok(await call.post('/orders/orders/save_with_lines/', {
      item: { customer_id: customer!.id }, lines: [{ item_id: item, quantity: 10, workflow_id: flow }],
    }));
    return { worknode, device, line: (order.body.lines as Row[])[0]!.id as number };
  })();
  return planningRows;
}

/**
 * A confirmed order of its own with a line open for delivery, and a draft request and a draft note of its customer
 * (made once): a delivery document's lines name order lines of their document's customer (docs/delivery.md).
 */
let deliveryRows: Promise<{ customer: number; order: number; line: number; request: number; note: number }> | undefined;
function deliveryTargets(): Promise<{ customer: number; order: number; line: number; request: number; note: number }> {
  deliveryRows ??= (async () => {
    const [customer] = ok(await call.get('/customers/list/', { limit: 1 })).body.dt as Row[];
    const [item] = ok(await call.get('/items/list/', { limit: 1 })).body.dt as Row[];
    const [warehouse] = ok(await call.get('/warehouses/list/', { limit: 1 })).body.dt as Row[];
    const order = ok(await call.post('/orders/orders/save_with_lines/', {
      item: { customer_id: customer!.id }, lines: [{ item_id: item!.id, quantity: 1000 }],
    }));
    ok(await call.post('/orders/orders/transition/', { id: order.body.id, version: order.body.version, to: 'confirmed' }));
    const request = ok(await call.post('/deliveryrequests/save/', { customer_id: customer!.id })).body.id as number;
    const note = ok(await call.post('/deliveries/save/', { customer_id: customer!.id, warehouse_id: warehouse!.id })).body.id as number;
    return { customer: customer!.id as number, order: order.body.id as number, line: (order.body.lines as Row[])[0]!.id as number, request, note };
  })();
  return deliveryRows;
}

/**
 * Valid values the generic generator cannot pick, for rules that tie fields to other rows (docs/scheduling.md,
 * docs/piece-work.md): a card step's work node is on its live card's routing (the first rows listed need not match:
 * other test files add work nodes and cards); a plan's machine works at its work node, which is on its line's
 * routing; a duty log's machine works at its work node; a work record's month must be open (the demo closes past
 * months); a pay month and a finance month are YYYY-MM.
 */
const VALID: Readonly<Record<string, () => Promise<Params>>> = {
  // A template's fields are a list of fields (formFieldsSchema), not any JSON; a form is judged by its template's fields,
  // so it names a template of its own whose one field is optional (docs/sales-office.md "Forms").
  // (Keys in jsonb's own order, so the row reads back as sent.)
  formtemplates: async () => ({ fields: [{ key: 'note', kind: 'text', label: '备注' }] }),
  forms: async () => {
    const categories = ok(await call.get('/forms/categories/list/', { limit: 1 })).body.dt as Row[];
    const t = ok(await call.post('/forms/templates/save/', { code: `BI-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      name: '坏输入测试', category_id: categories[0]!.id, fields: [{ key: 'note', label: '备注', kind: 'text' }] })).body.dt as Row;
    return { template_id: t.id };
  },
  cardnodes: async () => {
    const cards = ok(await call.get('/orders/cards/list/', { limit: 50 })).body.dt as Row[];
    const card = cards.find(c => !c.canceled && c.workflow_id != null && Number(c.quantity) >= 10)!;
    const flow = ok(await call.get('/workflows/workflows/detail/', { id: card.workflow_id })).body.dt as Row;
    return { card_id: card.id, worknode_id: (flow.worknode_ids as number[])[0] };
  },
  prearranges: async () => { const p = await planning(); return { detail_id: p.line, worknode_id: p.worknode, device_id: p.device }; },
  dutylogs: async () => { const p = await planning(); return { worknode_id: p.worknode, device_id: p.device }; },
  works: async () => ({ work_date: '2099-01-02' }),
  workperiods: async () => ({ period: '2099-01' }),
  finperiods: async () => ({ period: '2099-02' }),
  // A request's order is its customer's; a request line or a note line names an order line of its document's customer.
  deliveryrequests: async () => { const d = await deliveryTargets(); return { customer_id: d.customer, order_id: d.order }; },
  deliveryrequestlines: async () => { const d = await deliveryTargets(); return { request_id: d.request, detail_id: d.line }; },
  deliverylines: async () => { const d = await deliveryTargets(); return { delivery_id: d.note, detail_id: d.line }; },
  // A bill's lines are typed on a draft bill by hand (docs/finance.md); the demo's bills are built from deliveries.
  billlines: async () => ({ bill_id: await draftBill() }),
  // A stock document's lines are written while it is a draft; the demo's latest document may be posted already.
  stocklines: async () => ({ doc_id: await draftStockDoc() }),
  // An invoice is issued against a confirmed bill, a rate is at most 1, and its month must be open (docs/finance.md).
  invoices: async () => ({ bill_id: await confirmedBill(), tax_rate: 0.13, date: '2099-03-01' }),
  // A contract's lines are written while it is a draft (docs/sales-office.md §1); a file names an uploaded file.
  contractlines: async () => ({ contract_id: await draftContract() }),
  contractfiles: async () => ({ url: `/files/?action=download&id=badinput${uniqueText(20)}` }),
  // A help article's key is word characters and its screens are page paths (docs/sales-office.md §5).
  faqs: async () => ({ key: `bad_input_${uniqueText(40)}`, screen: '/bad_input/list' }),
};

/** A draft contract of its own (made once), with no line yet. */
let draftContractRow: Promise<number> | undefined;
function draftContract(): Promise<number> {
  draftContractRow ??= (async () => {
    const [customer] = ok(await call.get('/customers/list/', { limit: 1 })).body.dt as Row[];
    return ok(await call.post('/contracts/save/', { customer_id: customer!.id, valid_from: '2099-01-01', valid_to: '2099-12-31' })).body.id as number;
  })();
  return draftContractRow;
}

/** A draft bill by hand of its own (made once), dated in an open month. */
let draftBillRow: Promise<number> | undefined;
function draftBill(): Promise<number> {
  draftBillRow ??= (async () => {
    const [customer] = ok(await call.get('/customers/list/', { limit: 1 })).body.dt as Row[];
    return ok(await call.post('/payments/bills/save/', { customer_id: customer!.id, date: '2099-04-01' })).body.id as number;
  })();
  return draftBillRow;
}

/** A draft stock document of its own (made once), by the generator's valid payload. */
let draftDocRow: Promise<number> | undefined;
function draftStockDoc(): Promise<number> {
  draftDocRow ??= (async () => {
    const docs = resourceByName('stockdocs')!;
    return ok(await call.post(`${docs.api}/save/`, await validPayload(docs))).body.id as number;
  })();
  return draftDocRow;
}

/** A confirmed bill by hand of its own, of 1,000 (made once): what an invoice is issued against. */
let billRow: Promise<number> | undefined;
function confirmedBill(): Promise<number> {
  billRow ??= (async () => {
    const [customer] = ok(await call.get('/customers/list/', { limit: 1 })).body.dt as Row[];
    const bill = ok(await call.post('/payments/bills/save/', { customer_id: customer!.id, date: '2099-03-01' })).body.id as number;
    ok(await call.post('/payments/bills/lines/save/', { bill_id: bill, description: 'bad input', quantity: 1, price: 1000 }));
    const b = ok(await call.get('/payments/bills/detail/', { id: bill })).body.dt as Row;
    ok(await call.post('/payments/bills/confirm/', { id: bill, version: b.version }));
    return bill;
  })();
  return billRow;
}

describe('every declared resource refuses bad input field by field', () => {
  it('covers every resource and every writable field', () => {
    expect(RESOURCES.length).toBeGreaterThan(0);
    for (const res of RESOURCES) {
      const valid = Object.fromEntries(writable(res).map(([k]) => [k, 'x']));
      const reqs = badRequests(res, valid);
      for (const [k] of writable(res)) expect(reqs.some(b => b.field === k), `${res.name}.${k}`).toBe(true);
    }
  });

  it.each(RESOURCES.map(r => [r.name, r] as const))('%s', async (_name, res) => {
    const valid = { ...await validPayload(res), ...await VALID[res.name]?.() };
    for (const k of LEFT_OUT[res.name] ?? []) delete valid[k];
    const before = await totalOf(res);
    const bad = badRequests(res, valid);
    const replies = await Promise.all(bad.map(b => call.post(`${res.api}/save/`, b.body)));
    const problems = bad.map((b, i) => judge(b, replies[i]!)).filter((p): p is string => p !== undefined);
    expect(problems).toEqual([]);
    expect(await totalOf(res)).toBe(before);
    if (NOT_SAVED.has(res.name)) {
      // Valid values, and still no row: this resource is not created by a save.
      expect((await call.post(`${res.api}/save/`, valid)).status).toBe(notSavedStatus(res));
      expect(await totalOf(res)).toBe(before);
      return;
    }

    // The generator is right: its valid payload is accepted, and reads back as sent.
    const created = ok(await call.post(`${res.api}/save/`, valid));
    expect(await totalOf(res)).toBe(before + 1);
    const row = ok(await call.get(`${res.api}/detail/`, { id: created.body.id })).body.dt as Row;
    for (const [k, f] of writable(res)) {
      if (LEFT_OUT[res.name]?.includes(k)) { expect(row[k], `${res.name}.${k}`).toBeNull(); continue; }
      if (f.writeOnly) expect(row, `${res.name}.${k}`).not.toHaveProperty(k);
      else expect(readBack(f, valid[k], row[k]), `${res.name}.${k}: sent ${JSON.stringify(valid[k])}, got ${JSON.stringify(row[k])}`).toBe(true);
    }

    // An update may not clear a required field, nor send a bad value; the row stays as it was.
    const upd = writable(res).filter(([, f]) => f.required).map(([k]) => ({ [k]: '' }));
    const firstBad = bad.find(b => b.field !== undefined && b.field in valid && b.body[b.field] !== undefined
      && !('item' in b.body) && b.expect);
    const updates = [...upd, ...(firstBad ? [{ [firstBad.field!]: firstBad.body[firstBad.field!] }] : [])];
    const urs = await Promise.all(updates.map(u => call.post(`${res.api}/save/`, { id: created.body.id, version: 1, ...u })));
    for (const [i, r] of urs.entries()) {
      expect(r.status, JSON.stringify(updates[i])).toBe(422);
      expect(Object.keys(r.body.errors ?? {})).toEqual(Object.keys(updates[i]!));
    }
    expect(ok(await call.get(`${res.api}/detail/`, { id: created.body.id })).body.dt).toEqual(row);
  });
});

describe('messages follow the language of the request', () => {
  it('answers the required message in the language asked for', async () => {
    const res = RESOURCES.find(r => writable(r).some(([, f]) => f.required && f.type === 'text'))!;
    const [field] = writable(res).find(([, f]) => f.required && f.type === 'text')!;
    const body = { ...(await validPayload(res)), [field]: '' };
    const path = `${res.api}/save/`;
    const [dflt, enR, jaR, esR, frR, viaParam] = await Promise.all([
      post(path, body, { session: admin }),
      post(path, body, { session: admin, lang: 'en' }),
      post(path, body, { session: admin, lang: 'ja-JP,ja;q=0.9' }),
      post(path, body, { session: admin, lang: 'es' }),
      post(path, body, { session: admin, lang: 'fr' }),
      post(path, { ...body, lang: 'en' }, { session: admin, lang: 'ja' }),
    ]);
    expect(dflt.status).toBe(422);
    expect(dflt.body).toMatchObject({ msg: zh.invalid_input, errors: { [field]: zh.required } });
    expect(enR.body).toMatchObject({ msg: en.invalid_input, errors: { [field]: en.required } });
    expect(jaR.body).toMatchObject({ msg: ja.invalid_input, errors: { [field]: ja.required } });
    expect(esR.body).toMatchObject({ msg: es.invalid_input, errors: { [field]: es.required } });
    expect(frR.body).toMatchObject({ msg: zh.invalid_input, errors: { [field]: zh.required } });
    expect(viaParam.body).toMatchObject({ msg: en.invalid_input, errors: { [field]: en.required } });
  });
});

describe('malformed requests', () => {
  it('answers 413 with a message for a form body over the limit', async () => {
    const before = await totalOf(resourceByName('customers')!);
    const r = await announcePost('/customers/save/', 9 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe(translate('zh', 'file_too_large', { max: '8 MB' }));
    expect(await totalOf(resourceByName('customers')!)).toBe(before);
  });

  it('answers 400 for an id that is not a number', async () => {
    const master = RESOURCES.find(r => r.kind === 'master')!;
    const doc = RESOURCES.find(r => r.kind === 'document')!;
    const before = await totalOf(master);
    const rs = await Promise.all([
      call.get(`${master.api}/detail/`, { id: 'abc' }),
      call.get(`${master.api}/detail/`, { id: '1 or 1=1' }),
      call.post(`${master.api}/save/`, { ...(await validPayload(master)), id: 'abc', version: 1 }),
      call.post(`${master.api}/save/`, { item: { ...(await validPayload(master)), id: 'abc', version: 1 } }),
      call.post(`${master.api}/delete/`, { id: 'abc' }),
      call.post(`${master.api}/delete/`, {}),
      call.post(`${doc.api}/cancel/`, { id: '1.5' }),
      call.post(`${doc.api}/cancel/`, { id: '' }),
    ]);
    for (const r of rs) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_request);
    }
    expect(await totalOf(master)).toBe(before);
  });

  it('answers 400 for an update without a version, and changes nothing', async () => {
    const res = RESOURCES.find(r => r.kind === 'master' && writable(r).some(([, f]) => f.type === 'text' && !f.unique))!;
    const [field] = writable(res).find(([, f]) => f.type === 'text' && !f.unique)!;
    const created = ok(await call.post(`${res.api}/save/`, await validPayload(res)));
    const id = created.body.id as number;
    const [noVersion, badVersion, itemNoVersion] = await Promise.all([
      call.post(`${res.api}/save/`, { id, [field]: 'changed' }),
      call.post(`${res.api}/save/`, { id, version: 'one', [field]: 'changed' }),
      call.post(`${res.api}/save/`, { item: { id, [field]: 'changed' } }),
    ]);
    for (const r of [noVersion, badVersion, itemNoVersion]) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_request);
    }
    expect(ok(await call.get(`${res.api}/detail/`, { id })).body.dt).toEqual(created.body.dt);
  });
});
