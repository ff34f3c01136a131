import { date, int, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A line of a bill (docs/finance.md "billlines"): on a bill built from deliveries, one delivery line, its quantity,
 * unit and price copied at build (the price it was delivered at: a later repricing of the order is shown on the
 * reconciliation, never applied); on a bill by hand, what is charged or credited. `amount` = quantity × price at 4
 * decimals (server-set); `adjustment` is a signed correction that needs its reason. A delivery line is on at most one
 * live bill line (unique index `billlines_deliveryline_live_key`, migration 0025). A line is its bill's salesperson's.
 */
export const billlines = resource({
  name: 'billlines', api: '/payments/bills/lines', kind: 'document', menu: ['/billlines/list'], createPage: false,
  search: ['description', 'adjustment_reason', 'remark'], display: 'description', paging: 'server', owner: 'bill_id.saler_id',
  labels: {
    zh: { name: '对账明细', fields: { bill_id: '对账单', line_no: '行号', deliveryline_id: '送货明细', delivery_id: '送货单',
      delivery_date: '送货日期', detail_id: '订单明细', item_id: '物料', description: '品名规格', quantity: '数量', unit: '单位',
      price: '单价', amount: '金额', adjustment: '调整金额', adjustment_reason: '调整原因', remark: '备注' } },
    en: { name: 'Bill lines', fields: { bill_id: 'Bill', line_no: 'Line', deliveryline_id: 'Delivery line', delivery_id: 'Delivery note',
      delivery_date: 'Delivery date', detail_id: 'Order line', item_id: 'Item', description: 'Description', quantity: 'Quantity',
      unit: 'Unit', price: 'Unit price', amount: 'Amount', adjustment: 'Adjustment', adjustment_reason: 'Reason for adjustment',
      remark: 'Remarks' } },
    es: { name: 'Líneas de estado de cuenta', fields: { bill_id: 'Estado de cuenta', line_no: 'Línea', deliveryline_id: 'Línea de albarán',
      delivery_id: 'Albarán', delivery_date: 'Fecha de entrega', detail_id: 'Línea de pedido', item_id: 'Artículo',
      description: 'Descripción', quantity: 'Cantidad', unit: 'Unidad', price: 'Precio unitario', amount: 'Importe',
      adjustment: 'Ajuste', adjustment_reason: 'Motivo del ajuste', remark: 'Observaciones' } },
    ja: { name: '請求明細', fields: { bill_id: '請求明細書', line_no: '行番号', deliveryline_id: '納品明細', delivery_id: '納品書',
      delivery_date: '納品日', detail_id: '受注明細', item_id: '品目', description: '品名・仕様', quantity: '数量', unit: '単位',
      price: '単価', amount: '金額', adjustment: '調整額', adjustment_reason: '調整理由', remark: '備考' } },
  },
  fields: {
    bill_id: ref('bills', { required: true }),
    line_no: int({ readOnly: true }),
    deliveryline_id: ref('deliverylines', { readOnly: true }),
    delivery_id: ref('deliveries', { readOnly: true }),
    delivery_date: date({ readOnly: true }),
    detail_id: ref('details', { readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    description: text({ max: 200 }),
    quantity: number({ scale: 4, min: 0, sum: true, default: 0 }),
    unit: text({ max: 20 }),
    // Signed: a line of a credit note (a bill by hand) credits the customer.
    price: money({ signed: true }),
    amount: money({ readOnly: true, sum: true, signed: true }),
    adjustment: money({ signed: true, sum: true, default: 0 }),
    adjustment_reason: text({ max: 200 }),
    remark: text({ max: 200 }),
  },
  list: ['bill_id', 'line_no', 'delivery_id', 'delivery_date', 'item_id', 'description', 'quantity', 'unit', 'price', 'amount',
    'adjustment', 'adjustment_reason', 'remark'],
  sort: 'line_no',
});
