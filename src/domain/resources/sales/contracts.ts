import { date, datetime, enumOf, int, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { CONTRACT_CURRENCIES, CONTRACT_STATUSES } from '../../rules/contracts';

/**
 * A customer's contract (合同, docs/sales-office.md §1): the agreement and its price list in one document — its lines
 * (`contractlines`) are the items at agreed prices and quantities, its files (`contractfiles`) the scanned paper.
 *
 * Rules (server/areas/sales/behaviours/contracts.ts): `show_id` from config `contract_no_pattern`; the customer's
 * salesperson unless given; `valid_from` ≤ `valid_to`, at most five years; `status` moves only by `activate`,
 * `terminate` and the expiry sweep; an active contract keeps its customer, currency, start, lines and prices (only a
 * later end, the terms, remark and files change). `amount` and the ordered, delivered and billed sums are the lines',
 * kept by the server. A salesperson scoped to its own rows sees its own contracts (`saler_id`).
 */
export const contracts = resource({
  name: 'contracts', api: '/contracts', kind: 'document', menu: ['/contracts/list'],
  naturalKey: ['show_id'], search: ['show_id', 'customer_ref', 'title', 'remark'], display: 'show_id', paging: 'server',
  owner: 'saler_id', offline: false, actions: ['activate', 'terminate'],
  labels: {
    zh: { name: '合同', menu: '合同列表', fields: { show_id: '合同号', customer_id: '客户', saler_id: '业务员', customer_ref: '客户合同号',
      title: '合同名称', signed_date: '签订日期', valid_from: '生效日期', valid_to: '到期日期', currency: '币种', payment_terms: '付款条件',
      credit_days: '账期天数', status: '状态', activated_at: '生效时间', activated_by: '生效人', terminated_at: '终止时间',
      terminated_by: '终止人', termination_reason: '终止原因', amount: '合同金额', ordered_amount: '已下单金额',
      delivered_amount: '已送货金额', billed_amount: '已对账金额', remark: '备注' },
      enums: { status: { draft: '草稿', active: '生效', expired: '已到期', terminated: '已终止' },
        currency: { CNY: '人民币', USD: '美元', EUR: '欧元', HKD: '港币', JPY: '日元', GBP: '英镑' } } },
    en: { name: 'Contracts', fields: { show_id: 'Contract no.', customer_id: 'Customer', saler_id: 'Salesperson',
      customer_ref: "Customer's ref.", title: 'Title', signed_date: 'Signed on', valid_from: 'Valid from', valid_to: 'Valid to',
      currency: 'Currency', payment_terms: 'Payment terms', credit_days: 'Credit days', status: 'Status',
      activated_at: 'Activated at', activated_by: 'Activated by', terminated_at: 'Terminated at', terminated_by: 'Terminated by',
      termination_reason: 'Reason for termination', amount: 'Contract amount', ordered_amount: 'Ordered amount',
      delivered_amount: 'Delivered amount', billed_amount: 'Billed amount', remark: 'Remarks' },
      enums: { status: { draft: 'Draft', active: 'Active', expired: 'Expired', terminated: 'Terminated' },
        currency: { CNY: 'Renminbi (CNY)', USD: 'US dollar', EUR: 'Euro', HKD: 'Hong Kong dollar', JPY: 'Japanese yen', GBP: 'Pound sterling' } } },
    es: { name: 'Contratos', fields: { show_id: 'N.º de contrato', customer_id: 'Cliente', saler_id: 'Vendedor',
      customer_ref: 'Ref. del cliente', title: 'Título', signed_date: 'Fecha de firma', valid_from: 'Vigente desde',
      valid_to: 'Vigente hasta', currency: 'Moneda', payment_terms: 'Condiciones de pago', credit_days: 'Días de crédito',
      status: 'Estado', activated_at: 'Activado el', activated_by: 'Activado por', terminated_at: 'Rescindido el',
      terminated_by: 'Rescindido por', termination_reason: 'Motivo de rescisión', amount: 'Importe del contrato',
      ordered_amount: 'Importe pedido', delivered_amount: 'Importe entregado', billed_amount: 'Importe facturado',
      remark: 'Observaciones' },
      enums: { status: { draft: 'Borrador', active: 'Vigente', expired: 'Vencido', terminated: 'Rescindido' },
        currency: { CNY: 'Renminbi (CNY)', USD: 'Dólar estadounidense', EUR: 'Euro', HKD: 'Dólar de Hong Kong', JPY: 'Yen japonés', GBP: 'Libra esterlina' } } },
    ja: { name: '契約', menu: '契約一覧', fields: { show_id: '契約番号', customer_id: '顧客', saler_id: '営業担当', customer_ref: '顧客側契約番号',
      title: '契約名', signed_date: '締結日', valid_from: '有効開始日', valid_to: '有効終了日', currency: '通貨', payment_terms: '支払条件',
      credit_days: '支払猶予日数', status: '状態', activated_at: '発効日時', activated_by: '発効者', terminated_at: '解約日時',
      terminated_by: '解約者', termination_reason: '解約理由', amount: '契約金額', ordered_amount: '受注済金額',
      delivered_amount: '納品済金額', billed_amount: '請求済金額', remark: '備考' },
      enums: { status: { draft: '下書き', active: '有効', expired: '期限切れ', terminated: '解約' },
        currency: { CNY: '人民元', USD: '米ドル', EUR: 'ユーロ', HKD: '香港ドル', JPY: '日本円', GBP: '英ポンド' } } },
  },
  place: { group: 'sales', order: 10, icon: 'IconFileCertificate' },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    customer_id: ref('customers', { required: true }),
    saler_id: ref('persons'),
    customer_ref: text({ max: 60 }),
    title: text({ max: 100 }),
    signed_date: date(),
    valid_from: date({ required: true }),
    valid_to: date({ required: true }),
    currency: enumOf(CONTRACT_CURRENCIES, { default: 'CNY' }),
    payment_terms: text({ max: 100 }),
    credit_days: int({ min: 0, max: 365 }),
    status: enumOf(CONTRACT_STATUSES, { readOnly: true, default: 'draft' }),
    activated_at: datetime({ readOnly: true }),
    activated_by: ref('accounts', { readOnly: true }),
    terminated_at: datetime({ readOnly: true }),
    terminated_by: ref('accounts', { readOnly: true }),
    termination_reason: text({ max: 200, readOnly: true }),
    amount: money({ readOnly: true, sum: true, default: 0 }),
    ordered_amount: money({ readOnly: true, sum: true, default: 0 }),
    delivered_amount: money({ readOnly: true, sum: true, default: 0 }),
    billed_amount: money({ readOnly: true, sum: true, default: 0, signed: true }),
    remark: text({ max: 500, multiline: true }),
  },
  list: ['show_id', 'customer_id', 'saler_id', 'title', 'valid_from', 'valid_to', 'status', 'amount', 'ordered_amount',
    'delivered_amount', 'billed_amount', 'customer_ref'],
  sort: '-id',
});
