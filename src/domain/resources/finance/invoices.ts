import { date, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const INVOICE_STATUSES = ['issued', 'voided'] as const;

/**
 * A VAT invoice (增值税发票, docs/finance.md "invoices") issued against a confirmed, live bill; a bill often takes
 * several (an invoice has a ceiling). Its customer is the bill's; `invoice_no` is the tax office's number, unique
 * among live invoices (a partial unique index, migration 0027); `amount` includes tax, `tax` = amount × rate / (1 +
 * rate) at 4 decimals (server-set), the rate by default config `vat_rate` (0.13). Issued, it counts in its bill's
 * `invoiced` (never beyond the bill's total); the `void` action (`POST /invoices/void/`) or a cancel frees the amount.
 * Its date's finance month must be open. A salesperson scoped to its own rows sees its customers' invoices.
 */
export const invoices = resource({
  name: 'invoices', api: '/invoices', kind: 'document', menu: ['/invoices/list'], actions: ['void'],
  naturalKey: ['invoice_no'], search: ['invoice_no', 'remark'], display: 'invoice_no', paging: 'server', owner: 'bill_id.saler_id',
  labels: {
    zh: { name: '发票', fields: { bill_id: '对账单', customer_id: '客户', invoice_no: '发票号码', date: '开票日期', amount: '价税合计',
      tax_rate: '税率', tax: '税额', status: '状态', remark: '备注' },
      enums: { status: { issued: '已开具', voided: '已作废' } } },
    en: { name: 'Invoices', fields: { bill_id: 'Bill', customer_id: 'Customer', invoice_no: 'Invoice no.', date: 'Invoice date',
      amount: 'Amount incl. tax', tax_rate: 'Tax rate', tax: 'Tax', status: 'Status', remark: 'Remarks' },
      enums: { status: { issued: 'Issued', voided: 'Voided' } } },
    es: { name: 'Facturas', fields: { bill_id: 'Estado de cuenta', customer_id: 'Cliente', invoice_no: 'N.º de factura',
      date: 'Fecha de factura', amount: 'Importe con IVA', tax_rate: 'Tipo de IVA', tax: 'IVA', status: 'Estado', remark: 'Observaciones' },
      enums: { status: { issued: 'Emitida', voided: 'Anulada' } } },
    ja: { name: '請求書', fields: { bill_id: '請求明細書', customer_id: '得意先', invoice_no: '請求書番号', date: '発行日', amount: '税込金額',
      tax_rate: '税率', tax: '税額', status: '状態', remark: '備考' },
      enums: { status: { issued: '発行済み', voided: '無効' } } },
  },
  fields: {
    bill_id: ref('bills', { required: true }),
    customer_id: ref('customers', { readOnly: true }),
    invoice_no: text({ required: true, max: 40 }),
    date: date({ required: true }),
    // > 0, checked by the server.
    amount: money({ required: true, min: 0, sum: true }),
    tax_rate: number({ scale: 4, min: 0, max: 1 }),
    tax: money({ readOnly: true, sum: true, default: 0 }),
    status: enumOf(INVOICE_STATUSES, { readOnly: true, default: 'issued' }),
    remark: text({ max: 200 }),
  },
  list: ['invoice_no', 'date', 'bill_id', 'customer_id', 'amount', 'tax_rate', 'tax', 'status', 'remark'],
  sort: '-id',
});
