import { date, int, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A receipt (收款, docs/finance.md "receipts"): money received on one of the plant's bank accounts, entered by hand
 * (`/payments/create`) or posted from a bank statement line (`statementline_id`). Numbered from config
 * `receipt_no_pattern`; its `date` decides its finance month. `customer_id` is null while an imported line is not
 * matched yet. `amount` > 0 (a refund is a payout). `allocated` is the sum of its live allocations (server-kept, the
 * `allocate` action); `amount − allocated` is the customer's credit. A salesperson scoped to its own rows sees its
 * customers' receipts (`saler_id`, the customer's salesperson); the amounts are sensitive (decision 66). The customers'
 * balances and open items are read with the `balances` action (decision 256): a salesperson collecting their customers'
 * money sees what each owes without the receipts themselves.
 */
export const receipts = resource({
  name: 'receipts', api: '/payments', kind: 'document', menu: ['/payments/list', '/payments/balances'],
  naturalKey: ['show_id'], search: ['show_id', 'payer_name', 'reference', 'memo', 'remark'], display: 'show_id',
  paging: 'server', owner: 'saler_id', actions: ['allocate', 'balances'],
  labels: {
    zh: { name: '收款', menu: '收款单', fields: { show_id: '收款单号', bank_id: '收款账户', date: '收款日期', customer_id: '客户',
      amount: '收款金额', payer_name: '付款人', payer_account: '付款账号', reference: '银行流水号', memo: '摘要',
      statementline_id: '银行流水', allocated: '已核销金额', saler_id: '业务员', remark: '备注' } },
    en: { name: 'Receipts', menu: 'Customer payments', fields: { show_id: 'Receipt no.', bank_id: 'Bank account', date: 'Received on',
      customer_id: 'Customer', amount: 'Amount received', payer_name: 'Payer', payer_account: 'Payer account',
      reference: 'Bank reference', memo: 'Memo', statementline_id: 'Statement line', allocated: 'Allocated',
      saler_id: 'Salesperson', remark: 'Remarks' } },
    es: { name: 'Cobros', menu: 'Cobros de clientes', fields: { show_id: 'N.º de cobro', bank_id: 'Cuenta bancaria',
      date: 'Fecha de cobro', customer_id: 'Cliente', amount: 'Importe cobrado', payer_name: 'Pagador',
      payer_account: 'Cuenta del pagador', reference: 'Referencia bancaria', memo: 'Concepto',
      statementline_id: 'Línea de extracto', allocated: 'Aplicado', saler_id: 'Vendedor', remark: 'Observaciones' } },
    ja: { name: '入金', menu: '入金伝票', fields: { show_id: '入金番号', bank_id: '入金口座', date: '入金日', customer_id: '得意先',
      amount: '入金額', payer_name: '振込人', payer_account: '振込口座', reference: '銀行取引番号', memo: '摘要',
      statementline_id: '明細行', allocated: '消込済額', saler_id: '営業担当', remark: '備考' } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    bank_id: ref('banks', { required: true }),
    date: date({ required: true }),
    customer_id: ref('customers'),
    // Money received: more than 0 (the rule is the behaviour's; a refund is a payout).
    amount: money({ required: true, min: 0, sum: true, sensitive: true }),
    payer_name: text({ max: 100 }),
    payer_account: text({ max: 64 }),
    reference: text({ max: 100 }),
    memo: text({ max: 200 }),
    // The statement line it was posted from (the statement import's table; its foreign key comes with that table).
    statementline_id: int({ readOnly: true }),
    allocated: money({ readOnly: true, sum: true, default: 0, sensitive: true }),
    saler_id: ref('persons'),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'date', 'bank_id', 'customer_id', 'amount', 'allocated', 'payer_name', 'reference', 'memo', 'saler_id', 'remark'],
  sort: '-id',
});
