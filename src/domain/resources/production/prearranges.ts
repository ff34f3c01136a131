import { date, enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Pre-scheduling (预排产): a planner puts an order line on a machine for a day at one work node before its process
 * cards exist. When the line's cards are generated, the new cards' nodes at that work node join the machine's queue
 * (`cardnodes.plan_device_id`, docs/scheduling.md) and the plan turns `applied`. `detail_code`, `order_id` and
 * `item_id` are copied from the line by the server, so the list is searched and read without joins.
 */
export const prearranges = resource({
  name: 'prearranges', api: '/prearranges', kind: 'master', menu: ['/prearranges/list'],
  search: ['detail_code', 'remark'], display: 'detail_code', paging: 'server',
  labels: {
    zh: { name: '预排产', fields: { detail_id: '订单明细', detail_code: '明细编号', order_id: '订单', item_id: '物料',
      worknode_id: '工序', device_id: '机台', plan_date: '计划日期', seq: '顺序', quantity: '计划数量', status: '状态', remark: '备注' },
      enums: { status: { planned: '已计划', applied: '已排入机台' } } },
    en: { name: 'Pre-scheduling', fields: { detail_id: 'Order line', detail_code: 'Line no.', order_id: 'Order', item_id: 'Item',
      worknode_id: 'Process step', device_id: 'Machine', plan_date: 'Planned date', seq: 'Sequence', quantity: 'Planned quantity',
      status: 'Status', remark: 'Remarks' },
      enums: { status: { planned: 'Planned', applied: 'On the machine queue' } } },
    es: { name: 'Plan previo', fields: { detail_id: 'Línea de pedido', detail_code: 'N.º de línea', order_id: 'Pedido',
      item_id: 'Artículo', worknode_id: 'Operación', device_id: 'Máquina', plan_date: 'Fecha prevista', seq: 'Secuencia',
      quantity: 'Cantidad prevista', status: 'Estado', remark: 'Observaciones' },
      enums: { status: { planned: 'Prevista', applied: 'En la cola de la máquina' } } },
    ja: { name: '事前計画', fields: { detail_id: '受注明細', detail_code: '明細番号', order_id: '受注', item_id: '品目',
      worknode_id: '工程', device_id: '機械', plan_date: '計画日', seq: '順序', quantity: '計画数量', status: '状態', remark: '備考' },
      enums: { status: { planned: '計画済み', applied: '機械の待ち行列へ' } } },
  },
  place: { group: 'formula', order: 40, icon: 'IconCalendarPlus' },
  fields: {
    detail_id: ref('details', { required: true }),
    detail_code: text({ max: 60, readOnly: true }),
    order_id: ref('orders', { readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    worknode_id: ref('worknodes', { required: true }),
    device_id: ref('devices', { required: true }),
    plan_date: date({ required: true }),
    seq: int({ min: 0, max: 9999, default: 0 }),
    quantity: number({ scale: 4, min: 0, sum: true }),
    status: enumOf(['planned', 'applied'], { readOnly: true, default: 'planned' }),
    remark: text({ max: 200 }),
  },
  list: ['plan_date', 'device_id', 'worknode_id', 'seq', 'detail_code', 'item_id', 'quantity', 'status', 'remark'],
  sort: 'plan_date',
});
