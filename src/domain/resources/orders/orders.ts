import { date, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { ORDER_STATUSES } from '../../rules/order-status';

/**
 * A customer's order: the header of its lines (`details`). A document: cancelled, never deleted.
 *
 * Rules (the server enforces them, server/areas/production/behaviours/orders.ts):
 * - `show_id` comes from the configured pattern (config `order_no_pattern`) when left empty; `check_code` is drawn by
 *   the server and printed on the customer's documents for the public order query (`/orders/query`).
 * - `status` moves only by its transitions (src/domain/rules/order-status.ts), each a special action of a role;
 *   a save never sets it. `quantity` and `amount` are the sums of the live lines, kept by the server.
 * - A salesperson scoped to their own rows sees their own orders (`saler_id`, by default the customer's).
 */
export const orders = resource({
  name: 'orders', api: '/orders/orders', kind: 'document', menu: ['/orders/list'],
  naturalKey: ['show_id'], search: ['show_id', 'contract_no', 'remark'], display: 'show_id', paging: 'server',
  owner: 'saler_id', offline: false,
  labels: {
    zh: { name: '订单', menu: '订单列表', fields: { show_id: '订单号', customer_id: '客户', saler_id: '业务员', contract_no: '合同号', contract_id: '合同',
      order_date: '下单日期', due_date: '交货日期', status: '状态', quantity: '数量', amount: '金额', check_code: '查询码',
      remark: '备注' },
      enums: { status: { draft: '草稿', confirmed: '已确认', producing: '生产中', finished: '已完工', shipped: '已发货' } } },
    en: { name: 'Orders', fields: { show_id: 'Order no.', customer_id: 'Customer', saler_id: 'Salesperson',
      contract_no: 'Contract ref.', contract_id: 'Contract', order_date: 'Order date', due_date: 'Due date', status: 'Status',
      quantity: 'Quantity', amount: 'Amount', check_code: 'Check code', remark: 'Remarks' },
      enums: { status: { draft: 'Draft', confirmed: 'Confirmed', producing: 'In production', finished: 'Finished',
        shipped: 'Shipped' } } },
    es: { name: 'Pedidos', fields: { show_id: 'N.º de pedido', customer_id: 'Cliente', saler_id: 'Vendedor',
      contract_no: 'Ref. de contrato', contract_id: 'Contrato', order_date: 'Fecha del pedido', due_date: 'Fecha de entrega', status: 'Estado',
      quantity: 'Cantidad', amount: 'Importe', check_code: 'Código de consulta', remark: 'Observaciones' },
      enums: { status: { draft: 'Borrador', confirmed: 'Confirmado', producing: 'En producción', finished: 'Terminado',
        shipped: 'Enviado' } } },
    ja: { name: '受注', menu: '受注一覧', fields: { show_id: '受注番号', customer_id: '顧客', saler_id: '営業担当', contract_no: '契約番号', contract_id: '契約',
      order_date: '受注日', due_date: '納期', status: '状態', quantity: '数量', amount: '金額', check_code: '照会コード',
      remark: '備考' },
      enums: { status: { draft: '下書き', confirmed: '確定', producing: '生産中', finished: '完了', shipped: '出荷済み' } } },
  },
  place: { group: 'production', order: 20, icon: 'IconClipboardList' },
  fields: {
    show_id: text({ max: 40, unique: true }),
    customer_id: ref('customers', { required: true }),
    saler_id: ref('persons'),
    contract_no: text({ max: 60 }),
    // The contract whose prices the lines take (docs/sales-office.md §1, decision 257); fixed once it has live lines.
    contract_id: ref('contracts'),
    order_date: date(),
    due_date: date(),
    status: enumOf(ORDER_STATUSES, { readOnly: true, default: 'draft' }),
    quantity: number({ scale: 4, readOnly: true, sum: true }),
    amount: money({ readOnly: true, sum: true }),
    check_code: text({ max: 12, readOnly: true }),
    remark: text({ max: 500, multiline: true }),
  },
  list: ['show_id', 'customer_id', 'saler_id', 'order_date', 'due_date', 'status', 'quantity', 'amount', 'contract_no'],
  sort: '-id',
  actions: ['confirm', 'produce', 'finish', 'ship'],
});
