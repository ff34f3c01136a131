import { date, enumOf, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { REQUEST_STATUSES } from '../../rules/delivery';

/**
 * A delivery request (发货申请, docs/delivery.md "Requests"): sales asks the shipping office to ship order lines of one
 * customer — quantities (`deliveryrequestlines`), the date wanted, where to. The shipping office accepts it (a draft
 * delivery is made of what it accepts; a line accepted in part leaves the rest requested in a request split from
 * this one) or refuses it with a reply. Numbered from config `request_no_pattern`. A salesperson scoped to its own
 * rows sees its own customers' requests (`saler_id`, by default the customer's).
 */
export const deliveryrequests = resource({
  name: 'deliveryrequests', api: '/deliveryrequests', kind: 'document', menu: ['/deliveryrequests/list'],
  naturalKey: ['show_id'], search: ['show_id', 'address', 'remark'], display: 'show_id', paging: 'server',
  owner: 'saler_id', actions: ['accept'],
  labels: {
    zh: { name: '发货申请', fields: { show_id: '申请单号', customer_id: '客户', saler_id: '业务员', order_id: '订单', date: '要求发货日期',
      address: '送货地址', contact: '收货人', phone: '电话', status: '状态', quantity: '数量', delivery_id: '送货单',
      split_from_id: '拆自', reply: '答复', remark: '备注' },
      enums: { status: { requested: '待处理', accepted: '已接受', refused: '已拒绝' } } },
    en: { name: 'Delivery requests', fields: { show_id: 'Request no.', customer_id: 'Customer', saler_id: 'Salesperson',
      order_id: 'Order', date: 'Ship by', address: 'Delivery address', contact: 'Consignee', phone: 'Phone', status: 'Status',
      quantity: 'Quantity', delivery_id: 'Delivery note', split_from_id: 'Split from', reply: 'Reply', remark: 'Remarks' },
      enums: { status: { requested: 'Requested', accepted: 'Accepted', refused: 'Refused' } } },
    es: { name: 'Solicitudes de entrega', fields: { show_id: 'N.º de solicitud', customer_id: 'Cliente', saler_id: 'Vendedor',
      order_id: 'Pedido', date: 'Enviar antes de', address: 'Dirección de entrega', contact: 'Destinatario', phone: 'Teléfono',
      status: 'Estado', quantity: 'Cantidad', delivery_id: 'Albarán', split_from_id: 'Dividida de', reply: 'Respuesta',
      remark: 'Observaciones' },
      enums: { status: { requested: 'Solicitada', accepted: 'Aceptada', refused: 'Rechazada' } } },
    ja: { name: '出荷依頼', fields: { show_id: '依頼番号', customer_id: '得意先', saler_id: '営業担当', order_id: '受注', date: '出荷希望日',
      address: '納品先住所', contact: '受取人', phone: '電話', status: '状態', quantity: '数量', delivery_id: '納品書',
      split_from_id: '分割元', reply: '回答', remark: '備考' },
      enums: { status: { requested: '依頼中', accepted: '受付済み', refused: '却下' } } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    customer_id: ref('customers', { required: true }),
    saler_id: ref('persons'),
    order_id: ref('orders'),
    date: date(),
    address: text({ max: 200 }),
    contact: text({ max: 60 }),
    phone: text({ max: 40 }),
    status: enumOf(REQUEST_STATUSES, { readOnly: true, default: 'requested' }),
    quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    delivery_id: ref('deliveries', { readOnly: true }),
    split_from_id: ref('deliveryrequests', { readOnly: true }),
    reply: text({ max: 200, readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'customer_id', 'saler_id', 'order_id', 'date', 'status', 'quantity', 'address', 'delivery_id', 'reply', 'remark'],
  sort: '-id',
});
