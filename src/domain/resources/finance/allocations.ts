import { date, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * An allocation (核销, docs/finance.md "allocations"): part of a receipt (or of a credit note, `credit_bill_id`,
 * later) applied to a confirmed bill of the same customer. Written only by the `allocate` action of receipts
 * (`POST /payments/allocate/`), which keeps the bill's and the receipt's `allocated` equal to the sums of their live
 * allocations; cancelled (un-allocated), never changed. A row is its bill's salesperson's.
 */
export const allocations = resource({
  name: 'allocations', api: '/payments/allocations', kind: 'document', menu: ['/allocations/list'], createPage: false,
  search: ['remark'], display: 'date', paging: 'server', owner: 'bill_id.saler_id',
  labels: {
    zh: { name: '核销记录', fields: { receipt_id: '收款单', credit_bill_id: '贷项账单', bill_id: '对账单', amount: '核销金额',
      date: '核销日期', remark: '备注' } },
    en: { name: 'Allocations', fields: { receipt_id: 'Receipt', credit_bill_id: 'Credit note', bill_id: 'Bill',
      amount: 'Amount allocated', date: 'Allocated on', remark: 'Remarks' } },
    es: { name: 'Aplicaciones de cobros', fields: { receipt_id: 'Cobro', credit_bill_id: 'Nota de crédito', bill_id: 'Estado de cuenta',
      amount: 'Importe aplicado', date: 'Fecha de aplicación', remark: 'Observaciones' } },
    ja: { name: '消込記録', fields: { receipt_id: '入金伝票', credit_bill_id: '貸方請求書', bill_id: '請求明細書', amount: '消込額',
      date: '消込日', remark: '備考' } },
  },
  fields: {
    receipt_id: ref('receipts', { readOnly: true }),
    credit_bill_id: ref('bills', { readOnly: true }),
    bill_id: ref('bills', { required: true, readOnly: true }),
    amount: money({ required: true, readOnly: true, min: 0, sum: true, sensitive: true }),
    date: date({ required: true, readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['receipt_id', 'bill_id', 'amount', 'date', 'credit_bill_id', 'remark'],
  sort: '-id',
});
