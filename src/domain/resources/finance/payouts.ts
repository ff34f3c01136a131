import { date, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A payout (付款, docs/finance.md "payouts"): money paid from one of the plant's bank accounts to a supplier or anyone
 * else (a refund to a customer included). Numbered from config `payout_no_pattern`; its `date` decides its finance
 * month, which must be open. `amount` > 0, sensitive (decision 66: only roles that may edit payouts see it). It may
 * name the goods-in stock document it pays (`stockdoc_id`, kind `in`) and the supplier's invoice number. Counted in
 * its bank's balance (`GET /banks/balances/`).
 */
export const payouts = resource({
  name: 'payouts', api: '/payouts', kind: 'document', menu: ['/payouts/list'],
  naturalKey: ['show_id'], search: ['show_id', 'payee', 'supplier_invoice', 'reference', 'remark'], display: 'show_id', paging: 'server',
  labels: {
    zh: { name: '付款', fields: { show_id: '付款单号', bank_id: '付款账户', date: '付款日期', amount: '付款金额', supplier_id: '供应商',
      payee: '收款人', category_id: '费用分类', stockdoc_id: '入库单', supplier_invoice: '供应商发票号', reference: '银行流水号',
      remark: '备注' } },
    en: { name: 'Payouts', fields: { show_id: 'Payout no.', bank_id: 'Paid from', date: 'Date paid', amount: 'Amount paid',
      supplier_id: 'Supplier', payee: 'Payee', category_id: 'Fee category', stockdoc_id: 'Goods-in document',
      supplier_invoice: 'Supplier invoice no.', reference: 'Bank reference', remark: 'Remarks' } },
    es: { name: 'Pagos', fields: { show_id: 'N.º de pago', bank_id: 'Cuenta de pago', date: 'Fecha de pago', amount: 'Importe pagado',
      supplier_id: 'Proveedor', payee: 'Beneficiario', category_id: 'Categoría de gasto', stockdoc_id: 'Entrada de almacén',
      supplier_invoice: 'N.º de factura del proveedor', reference: 'Referencia bancaria', remark: 'Observaciones' } },
    ja: { name: '支払', fields: { show_id: '支払番号', bank_id: '支払口座', date: '支払日', amount: '支払金額', supplier_id: '仕入先',
      payee: '受取人', category_id: '費用分類', stockdoc_id: '入庫伝票', supplier_invoice: '仕入先請求書番号', reference: '銀行取引番号',
      remark: '備考' } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    bank_id: ref('banks', { required: true }),
    date: date({ required: true }),
    // > 0, checked by the server (a refund to a customer is a payout too; money back from a supplier is a receipt).
    amount: money({ required: true, min: 0, sum: true, sensitive: true }),
    // Whom it was paid to: a supplier, or a payee by name (one of the two).
    supplier_id: ref('suppliers'),
    payee: text({ max: 100 }),
    category_id: ref('feecategories'),
    stockdoc_id: ref('stockdocs'),
    supplier_invoice: text({ max: 100 }),
    reference: text({ max: 100 }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'date', 'bank_id', 'amount', 'supplier_id', 'payee', 'category_id', 'stockdoc_id', 'supplier_invoice', 'reference', 'remark'],
  sort: '-id',
});
