import { datetime, enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { CARD_NODE_STATUSES } from '../../rules/card-status';

/**
 * A card at one work node of its workflow, in order (`seq`): made with the card, one per worknode of the workflow.
 * Who ran it on which machine, when, and how many came out good and bad. The shop floor (tap3) writes them; the
 * server derives the card's status from them (src/domain/rules/card-status.ts).
 */
export const cardnodes = resource({
  name: 'cardnodes', api: '/orders/cardnodes', kind: 'document', menu: ['/cardnodes/list'],
  search: ['card_show_id', 'remark'], display: 'card_show_id', paging: 'server',
  // A card's step is its card's order's salesperson's (row scope through the card).
  owner: 'card_id.order_id.saler_id',
  // Kiosks keep the open steps offline (docs/shopfloor.md); a step not in the copy of an open card is finished.
  offline: true, offlineScope: [{ field: 'status', op: 'in', value: ['waiting', 'running'] }, { field: 'canceled', op: 'eq', value: false }],
  labels: {
    zh: { name: '流程卡工序', fields: { card_id: '流程卡', card_show_id: '卡号', worknode_id: '工序', seq: '顺序', status: '状态',
      started_at: '开始时间', finished_at: '完成时间', person_id: '操作员', device_id: '机台', good_quantity: '良品数量',
      bad_quantity: '不良数量', remark: '备注', plan_device_id: '排产机台', plan_seq: '排产顺序' },
      enums: { status: { waiting: '待加工', running: '加工中', done: '已完成', skipped: '已跳过' } } },
    en: { name: 'Card steps', fields: { card_id: 'Process card', card_show_id: 'Card no.', worknode_id: 'Process step',
      seq: 'Order', status: 'Status', started_at: 'Started at', finished_at: 'Finished at', person_id: 'Operator',
      device_id: 'Machine', good_quantity: 'Good quantity', bad_quantity: 'Bad quantity', remark: 'Remarks',
      plan_device_id: 'Scheduled machine', plan_seq: 'Queue position' },
      enums: { status: { waiting: 'Waiting', running: 'Running', done: 'Done', skipped: 'Skipped' } } },
    es: { name: 'Pasos de tarjeta', fields: { card_id: 'Tarjeta de proceso', card_show_id: 'N.º de tarjeta',
      worknode_id: 'Operación', seq: 'Orden', status: 'Estado', started_at: 'Inicio', finished_at: 'Fin',
      person_id: 'Operario', device_id: 'Máquina', good_quantity: 'Cantidad buena', bad_quantity: 'Cantidad defectuosa',
      remark: 'Observaciones', plan_device_id: 'Máquina programada', plan_seq: 'Posición en la cola' },
      enums: { status: { waiting: 'En espera', running: 'En curso', done: 'Hecho', skipped: 'Omitido' } } },
    ja: { name: 'カード工程', fields: { card_id: '工程カード', card_show_id: 'カード番号', worknode_id: '工程', seq: '順序', status: '状態',
      started_at: '開始日時', finished_at: '完了日時', person_id: '作業者', device_id: '機械', good_quantity: '良品数',
      bad_quantity: '不良数', remark: '備考', plan_device_id: '計画機械', plan_seq: '待ち順' },
      enums: { status: { waiting: '待機', running: '加工中', done: '完了', skipped: 'スキップ' } } },
  },
  place: { group: 'system', order: 300, icon: 'IconTimeline' },
  fields: {
    card_id: ref('cards', { required: true }),
    card_show_id: text({ max: 40, readOnly: true }),
    worknode_id: ref('worknodes', { required: true }),
    seq: int({ min: 0, max: 999 }),
    status: enumOf(CARD_NODE_STATUSES, { required: true, default: 'waiting' }),
    started_at: datetime(),
    finished_at: datetime(),
    person_id: ref('persons'),
    device_id: ref('devices'),
    good_quantity: number({ scale: 4, min: 0, sum: true }),
    bad_quantity: number({ scale: 4, min: 0, sum: true }),
    remark: text({ max: 200 }),
    // The schedule (排产, docs/scheduling.md): the machine whose queue holds this step and its place in it, written
    // only by `POST /devices/arranges/save/` under the machine's queue version.
    plan_device_id: ref('devices', { readOnly: true }),
    plan_seq: int({ readOnly: true }),
  },
  list: ['card_show_id', 'worknode_id', 'seq', 'status', 'started_at', 'finished_at', 'person_id', 'device_id',
    'good_quantity', 'bad_quantity'],
  sort: '-id',
});
