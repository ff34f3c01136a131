import { date, enumOf, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { STATEMENT_STATUSES } from '../../contract/statement';

/**
 * A line of an imported bank statement (docs/finance.md "statementlines", decision 250): the day, the signed amount
 * (credit > 0 money in, debit < 0 money out), the counterparty's name and account, the memo and the bank's reference.
 * `fingerprint` (the reference, else a hash of bank, day, amount, account, memo and the tuple's occurrence in its file)
 * is unique per bank, so importing a statement again, or one overlapping it, stores nothing twice. `new` until posted
 * (one receipt, `receipt_id`, made under the line's lock) or ignored; `customer_id` is the customer proposed by the
 * import, then the one the receipt was posted to. Written by the import, post and ignore calls only.
 */
export const statementlines = resource({
  name: 'statementlines', api: '/payments/statementlines', kind: 'document', menu: ['/payments/upload-excel'],
  screenBase: '/statementlines', createPage: false, paging: 'server',
  naturalKey: ['bank_id', 'fingerprint'], search: ['name', 'account', 'memo', 'reference'], display: 'reference',
  labels: {
    zh: { name: '银行流水', fields: { bank_id: '银行账户', date: '交易日期', amount: '金额', name: '对方户名', account: '对方账号',
      memo: '摘要', reference: '流水号', fingerprint: '指纹', status: '状态', receipt_id: '收款单', customer_id: '客户' },
      enums: { status: { new: '待处理', posted: '已入账', ignored: '已忽略' } } },
    en: { name: 'Statement lines', fields: { bank_id: 'Bank account', date: 'Date', amount: 'Amount', name: 'Counterparty',
      account: 'Counterparty account', memo: 'Memo', reference: 'Reference', fingerprint: 'Fingerprint', status: 'Status',
      receipt_id: 'Receipt', customer_id: 'Customer' },
      enums: { status: { new: 'New', posted: 'Posted', ignored: 'Ignored' } } },
    es: { name: 'Líneas de extracto', fields: { bank_id: 'Cuenta bancaria', date: 'Fecha', amount: 'Importe', name: 'Contraparte',
      account: 'Cuenta de contraparte', memo: 'Concepto', reference: 'Referencia', fingerprint: 'Huella', status: 'Estado',
      receipt_id: 'Cobro', customer_id: 'Cliente' },
      enums: { status: { new: 'Nueva', posted: 'Contabilizada', ignored: 'Ignorada' } } },
    ja: { name: '銀行明細', fields: { bank_id: '銀行口座', date: '取引日', amount: '金額', name: '相手先名', account: '相手口座',
      memo: '摘要', reference: '取引番号', fingerprint: '識別子', status: '状態', receipt_id: '入金伝票', customer_id: '得意先' },
      enums: { status: { new: '未処理', posted: '計上済み', ignored: '無視' } } },
  },
  fields: {
    bank_id: ref('banks', { required: true, readOnly: true }),
    date: date({ required: true, readOnly: true }),
    amount: money({ required: true, signed: true, sum: true, readOnly: true, sensitive: true }),
    name: text({ max: 200, readOnly: true }),
    account: text({ max: 64, readOnly: true }),
    memo: text({ max: 200, readOnly: true }),
    reference: text({ max: 100, readOnly: true }),
    fingerprint: text({ required: true, max: 100, readOnly: true }),
    status: enumOf(STATEMENT_STATUSES, { readOnly: true, default: 'new' }),
    receipt_id: ref('receipts', { readOnly: true }),
    customer_id: ref('customers', { readOnly: true }),
  },
  list: ['date', 'bank_id', 'amount', 'name', 'account', 'memo', 'reference', 'status', 'customer_id', 'receipt_id'],
  sort: '-id',
});
