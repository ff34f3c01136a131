import { number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A line of a delivery request (docs/delivery.md "Requests"): an order line of the request's customer and how much of
 * it to ship; `accepted_quantity` is what the shipping office put on the delivery. Written only while its request is
 * requested. A line is its request's salesperson's.
 */
export const deliveryrequestlines = resource({
  name: 'deliveryrequestlines', api: '/deliveryrequests/lines', kind: 'document', menu: ['/deliveryrequestlines/list'],
  search: ['code', 'remark'], display: 'code', paging: 'server', owner: 'request_id.saler_id',
  labels: {
    zh: { name: '发货申请明细', fields: { request_id: '发货申请', code: '明细编号', detail_id: '订单明细', item_id: '物料', quantity: '申请数量',
      unit: '单位', accepted_quantity: '接受数量', remark: '备注' } },
    en: { name: 'Delivery request lines', fields: { request_id: 'Delivery request', code: 'Line code', detail_id: 'Order line', item_id: 'Item',
      quantity: 'Requested', unit: 'Unit', accepted_quantity: 'Accepted', remark: 'Remarks' } },
    es: { name: 'Líneas de solicitudes de entrega', fields: { request_id: 'Solicitud de entrega', code: 'Código de línea',
      detail_id: 'Línea de pedido',
      item_id: 'Artículo', quantity: 'Solicitado', unit: 'Unidad', accepted_quantity: 'Aceptado', remark: 'Observaciones' } },
    ja: { name: '出荷依頼明細', fields: { request_id: '出荷依頼', code: '明細コード', detail_id: '受注明細', item_id: '品目', quantity: '依頼数量',
      unit: '単位', accepted_quantity: '受付数量', remark: '備考' } },
  },
  fields: {
    request_id: ref('deliveryrequests', { required: true }),
    // `<request no.>-<n>`, set by the server.
    code: text({ max: 50, readOnly: true }),
    detail_id: ref('details', { required: true }),
    item_id: ref('items', { readOnly: true }),
    quantity: number({ scale: 4, required: true, min: 0, sum: true }),
    unit: text({ max: 20, readOnly: true }),
    accepted_quantity: number({ scale: 4, readOnly: true, sum: true }),
    remark: text({ max: 200 }),
  },
  list: ['request_id', 'code', 'detail_id', 'item_id', 'quantity', 'unit', 'accepted_quantity', 'remark'],
  sort: 'id',
});
