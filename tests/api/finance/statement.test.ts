import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, postJson, sessionOf } from '../client';
import { admin, detail, ok, rowsWhere, save, unique, type Row } from '../delivery/fixtures';
import { confirmedBill, day } from './money-fixtures';

/**
 * The bank statement import (docs/finance.md "4. Bank statement import", decisions 250–255), on the shared server of
 * either database: a statement imported twice or overlapping stores each line once; the proposals' reasons in their
 * order; a line posted twice makes one receipt; a closed month refuses; bad input is a localized 4xx.
 */
type Line = { row: number; date: string; amount: number; name?: string; account?: string; memo?: string; reference?: string };

const MAPPING = {
  header_row: 1, date_column: '交易日期', credit_column: '收入金额', debit_column: '支出金额', name_column: '对方户名',
  account_column: '对方账号', memo_column: '摘要', reference_column: '流水号',
};
const today = day(0);

const importLines = async (bank_id: number, lines: Line[], extra: Row = {}, lang?: string) =>
  postJson('/payments/statement/import/', { bank_id, mapping: MAPPING, lines, ...extra }, { session: await admin(), lang });
const postLines = async (lines: { id: number; customer_id: number | null }[], lang?: string) =>
  post('/payments/statement/post/', { lines: JSON.stringify(lines) }, { session: await admin(), lang });

async function makeBank(): Promise<number> {
  return Number((ok(await save('/banks', { name: unique('银行'), bank_name: '工商银行', currency: 'CNY' }), 'bank').body.dt as Row).id);
}

async function makeCustomer(values: Row): Promise<number> {
  return Number((ok(await save('/customers', values), 'customer').body.dt as Row).id);
}

const ref = (n: number) => unique(`REF${n}`);

describe('importing a statement', () => {
  let bank: number;
  beforeAll(async () => { bank = await makeBank(); });

  it('stores each line once: a second import of the file adds nothing, an overlapping one only its new lines', async () => {
    const acct = unique('6222');
    const first: Line[] = [
      { row: 2, date: today, amount: 1000.5, name: '付款人甲', account: acct, memo: '货款', reference: ref(1) },
      { row: 3, date: today, amount: -200, name: '电力公司', memo: '电费', reference: ref(2) },
      // Two identical lines without a reference: two payments, kept apart by their occurrence in the file.
      { row: 4, date: today, amount: 50, name: '零星客户', account: acct, memo: '样品' },
      { row: 5, date: today, amount: 50, name: '零星客户', account: acct, memo: '样品' },
    ];
    const a = ok(await importLines(bank, first), 'first import').body;
    expect(a).toMatchObject({ new: 4, duplicate: 0 });
    const lines = a.lines as Row[];
    expect(new Set(lines.map(l => l.id)).size).toBe(4);
    expect(lines.map(l => l.amount)).toEqual([1000.5, -200, 50, 50]);

    const again = ok(await importLines(bank, first), 'again').body;
    expect(again).toMatchObject({ new: 0, duplicate: 4 });
    expect((again.lines as Row[]).map(l => l.id)).toEqual(lines.map(l => l.id));

    // The next statement repeats the last two lines and brings two new ones (one of them a third identical payment).
    const next: Line[] = [first[2]!, first[3]!, { ...first[3]!, row: 6 }, { row: 7, date: today, amount: 88, name: '付款人乙', reference: ref(3) }];
    const b = ok(await importLines(bank, next), 'overlap').body;
    expect(b).toMatchObject({ new: 2, duplicate: 2 });
    expect((b.lines as Row[]).slice(0, 2).map(l => l.id)).toEqual([lines[2]!.id, lines[3]!.id]);
    expect((await rowsWhere('/payments/statementlines/list/', 'bank_id', bank))).toHaveLength(6);

    // The bank's mapping is saved with the import, once.
    const maps = await rowsWhere('/payments/bankmappings/list/', 'bank_id', bank);
    expect(maps).toHaveLength(1);
    expect(maps[0]).toMatchObject({ header_row: 1, date_column: '交易日期', credit_column: '收入金额', amount_column: null });
  });

  it('proposes a customer by an earlier posted line, the customer’s account, the name, a name contained — in that order', async () => {
    const tag = unique('匹配');
    const byAccount = await makeCustomer({ name: `${tag}账号客户有限公司`, bank_account: `${tag}-111` });
    const byName = await makeCustomer({ name: `${tag}同名客户有限公司` });
    const byShort = await makeCustomer({ name: `${tag}简称客户有限公司`, short_name: `${tag}简称` });
    const inside = await makeCustomer({ name: `${tag}被包含客户有限公司` });
    const earlierOne = await makeCustomer({ name: `${tag}以前入账客户有限公司` });
    const acctEarlier = unique('6217');

    // A line from acctEarlier posted to earlierOne: the next line from that account is proposed for it, name or not.
    const seed = ok(await importLines(bank, [{ row: 2, date: today, amount: 10, name: '某人', account: acctEarlier, reference: ref(10) }])).body;
    ok(await postLines([{ id: (seed.lines as Row[])[0]!.id as number, customer_id: earlierOne }]), 'post seed');

    const r = ok(await importLines(bank, [
      { row: 2, date: today, amount: 11, name: `${tag}同名客户有限公司`, account: acctEarlier, reference: ref(11) },
      { row: 3, date: today, amount: 12, name: `${tag}同名客户有限公司`, account: `${tag}111`, reference: ref(12) },
      { row: 4, date: today, amount: 13, name: `${tag}同名客户有限公司`, account: unique('9'), reference: ref(13) },
      { row: 5, date: today, amount: 14, name: `${tag}简称`, reference: ref(14) },
      { row: 6, date: today, amount: 15, name: `${tag}被包含客户有限公司财务部`, reference: ref(15) },
      { row: 7, date: today, amount: 16, name: unique('谁也不是'), reference: ref(16) },
    ])).body;
    expect((r.lines as Row[]).map(l => [l.customer_id, l.reason])).toEqual([
      [earlierOne, 'earlier'], [byAccount, 'bank_account'], [byName, 'name'], [byShort, 'name'], [inside, 'contains'], [null, null],
    ]);
    // Two customers answering a rule equally propose nobody: the accountant chooses.
    await makeCustomer({ name: `${tag}甲有限公司`, short_name: `${tag}同简称` });
    await makeCustomer({ name: `${tag}乙有限公司`, short_name: `${tag}同简称` });
    const twice = ok(await importLines(bank, [{ row: 2, date: today, amount: 17, name: `${tag}同简称`, reference: ref(17) }])).body;
    expect((twice.lines as Row[])[0]).toMatchObject({ customer_id: null, reason: null });
    // The proposal is stored with the new line.
    const stored = await rowsWhere('/payments/statementlines/list/', 'id', (r.lines as Row[])[1]!.id);
    expect(stored[0]).toMatchObject({ customer_id: byAccount, status: 'new' });
  });
});

describe('posting lines', () => {
  let bank: number;
  let customer: number;
  beforeAll(async () => {
    bank = await makeBank();
    customer = await makeCustomer({ name: unique('收款客户') });
  });

  it('makes one receipt per line, however often the line is posted, even at once', async () => {
    const r = ok(await importLines(bank, [{ row: 2, date: today, amount: 3210.1234, name: '付款人', account: '6222 1', memo: '货款',
      reference: ref(20) }])).body;
    const id = (r.lines as Row[])[0]!.id as number;
    const [a, b] = await Promise.all([postLines([{ id, customer_id: customer }]), postLines([{ id, customer_id: customer }])]);
    ok(a, 'post a');
    ok(b, 'post b');
    expect([a.body.posted, b.body.posted].sort()).toEqual([0, 1]);
    expect([a.body.already, b.body.already].sort()).toEqual([0, 1]);
    const made = await rowsWhere('/payments/list/', 'statementline_id', id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ bank_id: bank, customer_id: customer, amount: 3210.1234, date: today, reference: (r.lines as Row[])[0]!.reference });
    const line = (await rowsWhere('/payments/statementlines/list/', 'id', id))[0]!;
    expect(line).toMatchObject({ status: 'posted', receipt_id: made[0]!.id, customer_id: customer });
    // Posting it later again answers the same receipt and makes none.
    const later = ok(await postLines([{ id, customer_id: null }])).body;
    expect(later).toMatchObject({ posted: 0, already: 1 });
    expect((later.lines as Row[])[0]!.receipt_id).toBe(made[0]!.id);
    // The import of the same line shows it posted, to its customer.
    const shown = ok(await importLines(bank, [{ row: 2, date: today, amount: 3210.1234, reference: String((r.lines as Row[])[0]!.reference) }])).body;
    expect((shown.lines as Row[])[0]).toMatchObject({ status: 'posted', customer_id: customer, reason: null, is_new: false });
  });

  it('posts an unmatched line without a customer; ignores a line, which then cannot be posted; a debit line makes no receipt', async () => {
    const r = ok(await importLines(bank, [
      { row: 2, date: today, amount: 5, name: '无名', reference: ref(30) },
      { row: 3, date: today, amount: 6, name: '待忽略', reference: ref(31) },
      { row: 4, date: today, amount: -7, name: '供应商', reference: ref(32) },
    ])).body;
    const [free, toIgnore, debit] = (r.lines as Row[]).map(l => l.id as number);
    const p = ok(await postLines([{ id: free!, customer_id: null }])).body;
    expect(p.posted).toBe(1);
    expect((await rowsWhere('/payments/list/', 'statementline_id', free))[0]).toMatchObject({ customer_id: null, amount: 5 });

    expect(ok(await post('/payments/statement/ignore/', { ids: JSON.stringify([toIgnore, debit]) }, { session: await admin() })).body.ignored).toBe(2);
    const refused = await postLines([{ id: toIgnore!, customer_id: customer }], 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/ignored/);
    expect(await rowsWhere('/payments/list/', 'statementline_id', toIgnore)).toHaveLength(0);
    // Ignoring a posted line is refused.
    expect((await post('/payments/statement/ignore/', { ids: JSON.stringify([free]) }, { session: await admin() })).status).toBe(409);

    const d = ok(await importLines(bank, [{ row: 2, date: today, amount: -9, reference: ref(33) }])).body;
    const debitRefused = await postLines([{ id: (d.lines as Row[])[0]!.id as number, customer_id: null }], 'en');
    expect(debitRefused.status).toBe(422);
    expect(debitRefused.body.msg).toMatch(/debit/i);
  });

  it('with allocate, applies each new receipt to its customer’s oldest confirmed bills; the rest stays credit', async () => {
    const payer = await makeCustomer({ name: unique('核销客户') });
    const older = await confirmedBill(payer, 100, day(-2));
    const newer = await confirmedBill(payer, 80, day(-1));
    const noBills = await makeCustomer({ name: unique('无账单客户') });
    const r = ok(await importLines(bank, [
      { row: 2, date: today, amount: 150, name: '核销', reference: ref(60) },
      { row: 3, date: today, amount: 20, name: '预付', reference: ref(61) },
    ])).body;
    const [a, b] = (r.lines as Row[]).map(l => l.id as number);
    const p = ok(await post('/payments/statement/post/', { lines: JSON.stringify([{ id: a, customer_id: payer }, { id: b, customer_id: noBills }]),
      allocate: 1 }, { session: await admin() }), 'post with allocate').body;
    expect((p.lines as Row[]).map(l => l.allocated)).toEqual([150, 0]);
    expect(await detail('/payments/bills', older)).toMatchObject({ allocated: 100 });
    expect(await detail('/payments/bills', newer)).toMatchObject({ allocated: 50 });
    expect((await rowsWhere('/payments/list/', 'statementline_id', b))[0]).toMatchObject({ allocated: 0, amount: 20 });
  });

  it('refuses a line dated in a closed month (409 naming it), nothing half-posted, and posts it once reopened', async () => {
    const month = '2019-07';
    const r = ok(await importLines(bank, [
      { row: 2, date: today, amount: 1, reference: ref(40) },
      { row: 3, date: `${month}-15`, amount: 2, reference: ref(41) },
    ])).body;
    const ids = (r.lines as Row[]).map(l => l.id as number);
    ok(await post('/payments/close_period/', { period: month, closed: 1 }, { session: await admin() }), 'close');
    try {
      const refused = await postLines(ids.map(id => ({ id, customer_id: customer })));
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(month);
      // Neither line made a receipt: the whole post was refused.
      for (const id of ids) expect(await rowsWhere('/payments/list/', 'statementline_id', id)).toHaveLength(0);
    } finally {
      ok(await post('/payments/close_period/', { period: month, closed: 0 }, { session: await admin() }), 'reopen');
    }
    expect(ok(await postLines(ids.map(id => ({ id, customer_id: customer })))).body.posted).toBe(2);
  });
});

describe('bad input', () => {
  let bank: number;
  beforeAll(async () => { bank = await makeBank(); });
  const good: Line = { row: 2, date: today, amount: 1, reference: 'x' };

  it.each([
    ['a mapping without a date column', { mapping: { ...MAPPING, date_column: '' } }, 400, /mapping/i],
    ['a mapping without an amount', { mapping: { header_row: 1, date_column: '日期' } }, 400, /mapping/i],
    ['a header row out of range', { mapping: { ...MAPPING, header_row: 0 } }, 400, /mapping/i],
    ['a day that does not exist', { lines: [{ ...good, date: '2026-02-30' }] }, 400, /date/i],
    ['an amount of 0', { lines: [{ ...good, amount: 0 }] }, 400, /amount/i],
    ['an amount with 5 decimals', { lines: [{ ...good, amount: 1.23456 }] }, 400, /amount/i],
    ['no lines', { lines: [] }, 400, /no statement lines/i],
    ['lines that are not a list', { lines: 'x' }, 400, /.+/],
  ])('%s → %i, localized', async (_, extra, status, msg) => {
    const r = await postJson('/payments/statement/import/', { bank_id: bank, mapping: MAPPING, lines: [good], ...extra },
      { session: await admin(), lang: 'en' });
    expect(r.status).toBe(status);
    expect(r.body.msg).toMatch(msg);
  });

  it('an unknown bank is 404 in the caller’s language; unknown lines too; nothing stored', async () => {
    const r = await importLines(2_000_000_000, [good], {}, 'zh');
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('银行账户不存在');
    const p = await postLines([{ id: 2_000_000_000, customer_id: null }], 'es');
    expect(p.status).toBe(404);
    expect(p.body.msg).toBe('La línea del extracto no existe');
    expect(ok(await get('/payments/statementlines/list/', { filter: JSON.stringify([{ field: 'reference', op: 'eq', value: 'x' }]) },
      { session: await admin() })).body.dt).toEqual([]);
  });

  it('the accountant (finance role) imports and posts; its receipt is numbered', async () => {
    const finance = await sessionOf('finance');
    const r = ok(await postJson('/payments/statement/import/', { bank_id: bank, mapping: MAPPING,
      lines: [{ row: 2, date: today, amount: 42, name: '会计测试', reference: ref(50) }] }, { session: finance }), 'import as finance').body;
    const id = (r.lines as Row[])[0]!.id as number;
    const p = ok(await post('/payments/statement/post/', { lines: JSON.stringify([{ id, customer_id: null }]) }, { session: finance }),
      'post as finance').body;
    expect(p.posted).toBe(1);
    expect(String((p.lines as Row[])[0]!.receipt_show_id)).toMatch(/^SK/);
    // The accountant reads the lines with their amounts (sensitive), and cannot change one through the generic save.
    const listed = ok(await get('/payments/statementlines/list/', { filter: JSON.stringify([{ field: 'id', op: 'eq', value: id }]) },
      { session: finance })).body.dt as Row[];
    expect(listed[0]).toMatchObject({ amount: 42, status: 'posted' });
    await post('/payments/statementlines/save/', { item: { id, version: listed[0]!.version, amount: 1, status: 'new' } }, { session: finance });
    expect((await rowsWhere('/payments/statementlines/list/', 'id', id))[0]).toMatchObject({ amount: 42, status: 'posted' });
  });

  it('a caller without the receipts’ import action is refused', async () => {
    const r = await postJson('/payments/statement/import/', { bank_id: bank, mapping: MAPPING, lines: [good] }, { session: await sessionOf('sales') });
    expect(r.status).toBe(403);
  });
});
