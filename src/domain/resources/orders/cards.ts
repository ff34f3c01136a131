import { enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { CARD_STATUSES } from '../../rules/card-status';

/**
 * A process card (流程卡, a traveler): part of an order line that moves through the work nodes of its workflow.
 * Made by the card generation (`POST /orders/cards/generate/`), which numbers it (`show_id`, config
 * `card_no_pattern`) and creates its `cardnodes`; a card's `status`, `worknode_id` (where it is now) and finished and
 * scrapped quantities are derived from its nodes by the server, never saved by a client. Display name
 * 'card no. {show_id} / order {order_show_id}' (DESIGN §8, src/domain/rules/card-name.ts).
 */
export const cards = resource({
  name: 'cards', api: '/orders/cards', kind: 'document', menu: ['/cards/list'],
  naturalKey: ['show_id'], search: ['show_id', 'order_show_id', 'remark'], display: 'show_id', paging: 'server',
  // A card is its order's salesperson's (row scope through the order, like the order's lines).
  owner: 'order_id.saler_id',
  // Kiosks keep the unfinished cards offline (docs/shopfloor.md): a finished card leaves their copy.
  offline: true, offlineScope: [{ field: 'status', op: 'ne', value: 'done' }, { field: 'canceled', op: 'eq', value: false }],
  labels: {
    zh: { name: '流程卡', menu: '流程卡设置', fields: { show_id: '卡号', order_show_id: '订单号', order_id: '订单', detail_id: '订单明细',
      item_id: '物料', workflow_id: '工艺流程', seq: '序号', quantity: '数量', unit: '单位', status: '状态', worknode_id: '当前工序',
      finished_quantity: '完工数量', bad_quantity: '报废数量', split_from_id: '拆自', printed: '打印次数', remark: '备注' },
      enums: { status: { waiting: '待生产', running: '生产中', done: '已完工' } } },
    en: { name: 'Process cards', menu: 'Card settings', fields: { show_id: 'Card no.', order_show_id: 'Order no.',
      order_id: 'Order', detail_id: 'Order line', item_id: 'Item', workflow_id: 'Routing', seq: 'No.',
      quantity: 'Quantity', unit: 'Unit', status: 'Status', worknode_id: 'Current step',
      finished_quantity: 'Finished', bad_quantity: 'Scrapped', split_from_id: 'Split from', printed: 'Prints',
      remark: 'Remarks' },
      enums: { status: { waiting: 'Waiting', running: 'In progress', done: 'Done' } } },
    es: { name: 'Tarjetas de proceso', menu: 'Ajustes de tarjetas', fields: { show_id: 'N.º de tarjeta',
      order_show_id: 'N.º de pedido', order_id: 'Pedido', detail_id: 'Línea de pedido', item_id: 'Artículo',
      workflow_id: 'Ruta de fabricación', seq: 'N.º', quantity: 'Cantidad', unit: 'Unidad', status: 'Estado',
      worknode_id: 'Operación actual', finished_quantity: 'Terminado', bad_quantity: 'Desechado',
      split_from_id: 'Dividida de', printed: 'Impresiones', remark: 'Observaciones' },
      enums: { status: { waiting: 'En espera', running: 'En curso', done: 'Terminada' } } },
    ja: { name: '工程カード', menu: '工程カード設定', fields: { show_id: 'カード番号', order_show_id: '受注番号', order_id: '受注',
      detail_id: '受注明細', item_id: '品目', workflow_id: '工程ルート', seq: '連番', quantity: '数量', unit: '単位', status: '状態',
      worknode_id: '現在の工程', finished_quantity: '完成数量', bad_quantity: '廃棄数量', split_from_id: '分割元', printed: '印刷回数',
      remark: '備考' },
      enums: { status: { waiting: '待機', running: '加工中', done: '完了' } } },
  },
  place: { group: 'system', order: 270, icon: 'IconCards' },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    order_show_id: text({ max: 40, readOnly: true }),
    order_id: ref('orders', { readOnly: true }),
    detail_id: ref('details', { required: true }),
    item_id: ref('items', { readOnly: true }),
    workflow_id: ref('workflows'),
    seq: int({ readOnly: true }),
    quantity: number({ scale: 4, required: true, min: 0, sum: true }),
    unit: text({ max: 20 }),
    status: enumOf(CARD_STATUSES, { readOnly: true, default: 'waiting' }),
    worknode_id: ref('worknodes', { readOnly: true }),
    finished_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    bad_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    split_from_id: ref('cards', { readOnly: true }),
    printed: int({ readOnly: true, default: 0 }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'order_show_id', 'item_id', 'quantity', 'unit', 'workflow_id', 'status', 'worknode_id',
    'finished_quantity', 'bad_quantity', 'printed'],
  sort: '-id',
});
