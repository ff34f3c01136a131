import { date, int, json, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * An order line (spec §3 "order detail row"): an item in up to three units, its workflow, price and the dynamic
 * property columns (`props`, keys and order in src/domain/rules/property-columns.ts). A document: cancelled, never
 * deleted. Its process cards (`cards`) are made from it.
 *
 * Rules (server/areas/production/behaviours/details.ts): `code` is `<order show_id>-<line_no>`; `amount` = quantity × price
 * at 4 decimals (DESIGN §8); `card_quantity` is what its live cards hold and a save may not bring `quantity` below it;
 * a line of a finished, shipped or cancelled order is not changed.
 */
export const details = resource({
  name: 'details', api: '/orders/details', kind: 'document', menu: ['/details/list'],
  naturalKey: ['code'], search: ['code', 'remark'], display: 'code', paging: 'server',
  // A line is its order's salesperson's: a role scoped to its own orders reads and writes its own orders' lines only.
  owner: 'order_id.saler_id',
  labels: {
    zh: { name: '订单明细', fields: { order_id: '订单', line_no: '行号', code: '明细编号', item_id: '物料', unit: '主单位', quantity: '主数量',
      unit2: '辅助单位', quantity2: '辅助数量', unit3: '第三单位', quantity3: '第三数量', workflow_id: '工艺流程', price: '单价',
      amount: '金额', due_date: '交货日期', props: '属性列', card_quantity: '已开卡数量', finished_quantity: '完工数量', delivered_quantity: '已送货数量', formula_id: '配方', contractline_id: '合同明细', remark: '备注' } },
    en: { name: 'Order lines', fields: { order_id: 'Order', line_no: 'Line', code: 'Line no.', item_id: 'Item',
      unit: 'Main unit', quantity: 'Main quantity', unit2: 'Secondary unit', quantity2: 'Secondary quantity',
      unit3: 'Third unit', quantity3: 'Third quantity', workflow_id: 'Routing', price: 'Unit price', amount: 'Amount',
      due_date: 'Due date', props: 'Property columns', card_quantity: 'On cards', finished_quantity: 'Finished', delivered_quantity: 'Delivered',
      formula_id: 'Formula', contractline_id: 'Contract line', remark: 'Remarks' } },
    es: { name: 'Líneas de pedido', fields: { order_id: 'Pedido', line_no: 'Línea', code: 'N.º de línea',
      item_id: 'Artículo', unit: 'Unidad principal', quantity: 'Cantidad principal', unit2: 'Unidad secundaria',
      quantity2: 'Cantidad secundaria', unit3: 'Tercera unidad', quantity3: 'Tercera cantidad',
      workflow_id: 'Ruta de fabricación', price: 'Precio unitario', amount: 'Importe', due_date: 'Fecha de entrega',
      props: 'Columnas de propiedades', card_quantity: 'En tarjetas', finished_quantity: 'Terminado', delivered_quantity: 'Entregado',
      formula_id: 'Fórmula', contractline_id: 'Línea de contrato', remark: 'Observaciones' } },
    ja: { name: '受注明細', fields: { order_id: '受注', line_no: '行番号', code: '明細番号', item_id: '品目', unit: '基本単位',
      quantity: '基本数量', unit2: '第2単位', quantity2: '第2数量', unit3: '第3単位', quantity3: '第3数量', workflow_id: '工程ルート',
      price: '単価', amount: '金額', due_date: '納期', props: '属性列', card_quantity: 'カード済数量', finished_quantity: '完成数量', delivered_quantity: '納品済数量',
      formula_id: '配合', contractline_id: '契約明細', remark: '備考' } },
  },
  place: { group: 'system', order: 240, icon: 'IconListDetails' },
  fields: {
    order_id: ref('orders', { required: true }),
    line_no: int({ min: 1, max: 9999 }),
    code: text({ max: 60, readOnly: true }),
    item_id: ref('items', { required: true }),
    unit: text({ max: 20 }),
    quantity: number({ scale: 4, required: true, min: 0, sum: true }),
    unit2: text({ max: 20 }),
    quantity2: number({ scale: 4, min: 0, sum: true }),
    unit3: text({ max: 20 }),
    quantity3: number({ scale: 4, min: 0, sum: true }),
    workflow_id: ref('workflows'),
    price: money({ min: 0 }),
    amount: money({ readOnly: true, sum: true }),
    due_date: date(),
    props: json({ maxBytes: 4096 }),
    card_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    finished_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    // What shipped deliveries took of it, less their cancels (docs/delivery.md): kept by the server.
    delivered_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    /** The formula version the line is made with (defaults to the item's current formula; docs/formulas.md). */
    formula_id: ref('formulas'),
    /** The contract line whose price it takes, set by the server from the order's contract (decision 258). */
    contractline_id: ref('contractlines', { readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['code', 'order_id', 'item_id', 'quantity', 'unit', 'quantity2', 'unit2', 'workflow_id', 'price', 'amount',
    'card_quantity', 'finished_quantity'],
  sort: '-id',
});
