import { int, json, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A line of a delivery note (docs/delivery.md "Deliveries"): an order line of the delivery's customer and what of it
 * goes — a lot (a finished card's, at its position and status) or a whole package — in the three units, priced from
 * the order line, with its property columns. Written only while its delivery is a draft; shipping turns each line
 * into the check-out's lines (a package's line into one per place of the package). `/deliveries/list2` lists them. A
 * line is its delivery's salesperson's.
 */
export const deliverylines = resource({
  name: 'deliverylines', api: '/deliveries/lines', kind: 'document', menu: ['/deliverylines/list'],
  search: ['code', 'lot', 'remark'], display: 'code', paging: 'server', owner: 'delivery_id.saler_id',
  labels: {
    zh: { name: '送货明细', fields: { delivery_id: '送货单', code: '明细编号', line_no: '行号', detail_id: '订单明细', order_id: '订单',
      item_id: '物料', package_id: '包装', card_id: '流程卡', lot: '批次', position_id: '库位', status_id: '库存状态', quantity: '数量',
      quantity2: '辅数量', quantity3: '第三数量', unit: '单位', price: '单价', amount: '金额', props: '属性列', remark: '备注' } },
    en: { name: 'Delivery lines', fields: { delivery_id: 'Delivery note', code: 'Line code', line_no: 'Line', detail_id: 'Order line',
      order_id: 'Order', item_id: 'Item', package_id: 'Package', card_id: 'Process card', lot: 'Lot', position_id: 'Location',
      status_id: 'Stock status', quantity: 'Quantity', quantity2: 'Secondary quantity', quantity3: 'Third quantity', unit: 'Unit',
      price: 'Unit price', amount: 'Amount', props: 'Property columns', remark: 'Remarks' } },
    es: { name: 'Líneas de albarán', fields: { delivery_id: 'Albarán', code: 'Código de línea', line_no: 'Línea',
      detail_id: 'Línea de pedido', order_id: 'Pedido', item_id: 'Artículo', package_id: 'Bulto', card_id: 'Tarjeta de proceso',
      lot: 'Lote', position_id: 'Ubicación', status_id: 'Estado de stock', quantity: 'Cantidad', quantity2: 'Cantidad secundaria',
      quantity3: 'Tercera cantidad', unit: 'Unidad', price: 'Precio unitario', amount: 'Importe', props: 'Columnas de propiedades',
      remark: 'Observaciones' } },
    ja: { name: '納品明細', fields: { delivery_id: '納品書', code: '明細コード', line_no: '行番号', detail_id: '受注明細', order_id: '受注',
      item_id: '品目', package_id: '梱包', card_id: '工程カード', lot: 'ロット', position_id: 'ロケーション', status_id: '在庫ステータス',
      quantity: '数量', quantity2: '副数量', quantity3: '第三数量', unit: '単位', price: '単価', amount: '金額', props: '属性列',
      remark: '備考' } },
  },
  fields: {
    delivery_id: ref('deliveries', { required: true }),
    // `<delivery no.>-<line no.>`, set by the server.
    code: text({ max: 50, readOnly: true }),
    line_no: int({ readOnly: true }),
    detail_id: ref('details', { required: true }),
    order_id: ref('orders', { readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    package_id: ref('packages'),
    card_id: ref('cards'),
    lot: text({ max: 60 }),
    position_id: ref('warepositions'),
    status_id: ref('warestatus'),
    quantity: number({ scale: 4, required: true, min: 0, sum: true }),
    quantity2: number({ scale: 4, min: 0, sum: true }),
    quantity3: number({ scale: 4, min: 0, sum: true }),
    unit: text({ max: 20, readOnly: true }),
    price: money({ min: 0 }),
    amount: money({ readOnly: true, sum: true }),
    props: json({ maxBytes: 4096, readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['delivery_id', 'code', 'detail_id', 'order_id', 'item_id', 'package_id', 'lot', 'quantity', 'unit', 'price', 'amount', 'remark'],
  sort: 'line_no',
});
