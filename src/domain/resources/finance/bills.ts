import { date, datetime, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const BILL_STATUSES = ['draft', 'confirmed'] as const;
export const BILL_KINDS = ['delivery', 'other'] as const;

/**
 * A bill (对账单, docs/finance.md "bills"): what a customer owes for a period, built from the unbilled lines of its
 * shipped or signed deliveries (`POST /payments/bills/build/`, kind `delivery`), or written by hand (kind `other`: a
 * one-off charge, or a credit when its total is negative). Draft while its lines may be adjusted; confirmed (the
 * `confirm` action) it is owed, allocated and invoiced; cancelled, its lines are unbilled again. Numbered from config
 * `bill_no_pattern`; its `date` decides its finance month (`finperiods`) and its age. `amount`, `adjustment` and
 * `total` are its live lines' sums, kept by the server. A salesperson scoped to its own rows sees its customers' bills
 * (`saler_id`, the customer's when the bill is made).
 */
export const bills = resource({
  name: 'bills', api: '/payments/bills', kind: 'document', screenBase: '/bills', createPage: false,
  // The list, the build and the bills by hand (spec §2); the query of bills comes with its screen.
  menu: ['/payments/bills', '/payments/build2', '/payments/bills_other', '/payments/deliveries_all', '/payments/deliverypackings'],
  naturalKey: ['show_id'], search: ['show_id', 'remark'], display: 'show_id', paging: 'server',
  owner: 'saler_id', actions: ['build', 'confirm'],
  labels: {
    zh: { name: '对账单', fields: { show_id: '对账单号', kind: '类型', customer_id: '客户', saler_id: '业务员', date_from: '开始日期',
      date_to: '结束日期', date: '对账日期', status: '状态', check_code: '查询码', quantity: '数量', amount: '送货金额',
      adjustment: '调整金额', total: '对账金额', allocated: '已收金额', invoiced: '已开票金额', uninvoiced: '未开票金额', confirmed_at: '确认时间',
      confirmed_by: '确认人', remark: '备注' },
      enums: { status: { draft: '草稿', confirmed: '已确认' }, kind: { delivery: '送货对账', other: '其他账单' } } },
    en: { name: 'Bills', fields: { show_id: 'Bill no.', kind: 'Kind', customer_id: 'Customer', saler_id: 'Salesperson',
      date_from: 'From', date_to: 'To', date: 'Bill date', status: 'Status', check_code: 'Check code', quantity: 'Quantity',
      amount: 'Delivered amount', adjustment: 'Adjustments', total: 'Total', allocated: 'Received', invoiced: 'Invoiced', uninvoiced: 'Not invoiced',
      confirmed_at: 'Confirmed at', confirmed_by: 'Confirmed by', remark: 'Remarks' },
      enums: { status: { draft: 'Draft', confirmed: 'Confirmed' }, kind: { delivery: 'From deliveries', other: 'Other' } } },
    es: { name: 'Estados de cuenta', fields: { show_id: 'N.º de estado', kind: 'Tipo', customer_id: 'Cliente', saler_id: 'Vendedor',
      date_from: 'Desde', date_to: 'Hasta', date: 'Fecha del estado', status: 'Estado', check_code: 'Código de consulta',
      quantity: 'Cantidad', amount: 'Importe entregado', adjustment: 'Ajustes', total: 'Total', allocated: 'Cobrado',
      invoiced: 'Facturado', uninvoiced: 'Por facturar', confirmed_at: 'Confirmado el', confirmed_by: 'Confirmado por', remark: 'Observaciones' },
      enums: { status: { draft: 'Borrador', confirmed: 'Confirmado' }, kind: { delivery: 'De entregas', other: 'Otro' } } },
    ja: { name: '請求明細書', fields: { show_id: '請求書番号', kind: '種類', customer_id: '得意先', saler_id: '営業担当', date_from: '開始日',
      date_to: '終了日', date: '請求日', status: '状態', check_code: '照会コード', quantity: '数量', amount: '納品金額',
      adjustment: '調整額', total: '請求金額', allocated: '入金済額', invoiced: '請求書発行済額', uninvoiced: '請求書未発行額', confirmed_at: '確認日時',
      confirmed_by: '確認者', remark: '備考' },
      enums: { status: { draft: '下書き', confirmed: '確認済み' }, kind: { delivery: '納品から', other: 'その他' } } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    kind: enumOf(BILL_KINDS, { readOnly: true, default: 'other' }),
    customer_id: ref('customers', { required: true }),
    saler_id: ref('persons'),
    date_from: date(),
    date_to: date(),
    date: date(),
    status: enumOf(BILL_STATUSES, { readOnly: true, default: 'draft' }),
    check_code: text({ max: 12, readOnly: true }),
    quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    amount: money({ readOnly: true, sum: true, default: 0 }),
    adjustment: money({ readOnly: true, sum: true, default: 0, signed: true }),
    total: money({ readOnly: true, sum: true, default: 0, signed: true }),
    allocated: money({ readOnly: true, sum: true, default: 0 }),
    invoiced: money({ readOnly: true, sum: true, default: 0 }),
    // total − invoiced, kept with them (a credit note's is negative).
    uninvoiced: money({ readOnly: true, sum: true, default: 0, signed: true }),
    confirmed_at: datetime({ readOnly: true }),
    confirmed_by: ref('accounts', { readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'kind', 'customer_id', 'date_from', 'date_to', 'date', 'status', 'amount', 'adjustment', 'total', 'allocated',
    'invoiced', 'uninvoiced', 'saler_id', 'remark'],
  sort: '-id',
});
