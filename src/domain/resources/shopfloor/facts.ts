import { datetime, enumOf, int, json, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { MUTATION_NAMES } from '../../contract/sync';
import { TAP_ACTIONS } from '../../rules/tap';

/**
 * The facts of the shop floor as the server received them (docs/shopfloor.md): every swipe and inspection a kiosk or
 * tablet pushed, applied or rejected, by its UUID (`uuid`) and the device's sequence. Written only by `/sync/push/` and
 * the dead-letter actions (resubmit, dismiss: the `resolve` action), never by a save; swipes are listed at
 * `/persons/taplogs`, rejected facts at `/sync/deadletters`. A tap's card, step, person, machine, action and quantities
 * are copied out of its arguments, so the logs filter and sort by them.
 */
export const facts = resource({
  name: 'facts', api: '/sync/facts', kind: 'document', menu: ['/persons/taplogs', '/sync/deadletters'], screenBase: '/facts',
  naturalKey: ['uuid'], search: ['card_show_id', 'uuid'], display: 'uuid', paging: 'server', createPage: false,
  labels: {
    zh: { name: '刷卡记录', fields: { uuid: '记录编号', computer_id: '终端', seq: '终端序号', name: '类型', v: '格式版本', args: '数据',
      at: '发生时间', status: '状态', reason: '原因', reason_params: '原因参数', person_id: '操作员', card_id: '流程卡', card_show_id: '卡号',
      cardnode_id: '卡工序', worknode_id: '工序', device_id: '机台', action: '动作', good: '良品数量', bad: '不良数量', note: '处理说明',
      resolved_by: '处理人', resolved_at: '处理时间' },
      enums: { name: { tap: '刷卡', precheck: '半成品检验', inspect: '成品检验', count: '盘点', sign: '送货签收', form: '表单' },
        status: { applied: '已生效', rejected: '被拒绝', resolved: '已更正', dismissed: '已忽略' },
        action: { start: '开工', finish: '完工', pass: '过站' } } },
    en: { name: 'Card logs', fields: { uuid: 'Record id', computer_id: 'Terminal', seq: 'Terminal sequence', name: 'Kind', v: 'Format version',
      args: 'Data', at: 'Happened at', status: 'Status', reason: 'Reason', reason_params: 'Reason details', person_id: 'Operator',
      card_id: 'Process card', card_show_id: 'Card no.', cardnode_id: 'Card step', worknode_id: 'Process step', device_id: 'Machine',
      action: 'Action', good: 'Good quantity', bad: 'Bad quantity', note: 'Resolution note', resolved_by: 'Resolved by',
      resolved_at: 'Resolved at' },
      enums: { name: { tap: 'Swipe', precheck: 'Semi-finished inspection', inspect: 'Finished-goods inspection', count: 'Stocktake count', sign: 'Proof of delivery', form: 'Form' },
        status: { applied: 'Applied', rejected: 'Rejected', resolved: 'Corrected', dismissed: 'Dismissed' },
        action: { start: 'Start', finish: 'Finish', pass: 'Pass' } } },
    es: { name: 'Registros de fichaje', fields: { uuid: 'Id. del registro', computer_id: 'Terminal', seq: 'Secuencia del terminal',
      name: 'Tipo', v: 'Versión del formato', args: 'Datos', at: 'Ocurrido el', status: 'Estado', reason: 'Motivo',
      reason_params: 'Detalles del motivo', person_id: 'Operario', card_id: 'Tarjeta de proceso', card_show_id: 'N.º de tarjeta',
      cardnode_id: 'Paso de tarjeta', worknode_id: 'Operación', device_id: 'Máquina', action: 'Acción', good: 'Cantidad buena',
      bad: 'Cantidad defectuosa', note: 'Nota de resolución', resolved_by: 'Resuelto por', resolved_at: 'Resuelto el' },
      enums: { name: { tap: 'Fichaje', precheck: 'Inspección de semielaborado', inspect: 'Inspección de producto terminado', count: 'Recuento de inventario', sign: 'Firma de entrega', form: 'Formulario' },
        status: { applied: 'Aplicado', rejected: 'Rechazado', resolved: 'Corregido', dismissed: 'Descartado' },
        action: { start: 'Inicio', finish: 'Fin', pass: 'Paso' } } },
    ja: { name: 'タッチ記録', fields: { uuid: '記録ID', computer_id: '端末', seq: '端末連番', name: '種類', v: '形式版', args: 'データ',
      at: '発生日時', status: '状態', reason: '理由', reason_params: '理由の詳細', person_id: '作業者', card_id: '工程カード', card_show_id: 'カード番号',
      cardnode_id: 'カード工程', worknode_id: '工程', device_id: '機械', action: '動作', good: '良品数', bad: '不良数', note: '処理メモ',
      resolved_by: '処理者', resolved_at: '処理日時' },
      enums: { name: { tap: 'タッチ', precheck: '半製品検査', inspect: '製品検査', count: '棚卸', sign: '受領サイン', form: 'フォーム' },
        status: { applied: '反映済み', rejected: '拒否', resolved: '訂正済み', dismissed: '無視' },
        action: { start: '開始', finish: '完了', pass: '通過' } } },
  },
  place: { group: 'machine', order: 20, icon: 'IconListDetails' },
  fields: {
    uuid: text({ required: true, max: 36, unique: true, readOnly: true }),
    computer_id: ref('computers', { readOnly: true }),
    seq: int({ readOnly: true, min: 0 }),
    name: enumOf(MUTATION_NAMES, { readOnly: true }),
    v: int({ readOnly: true }),
    args: json({ readOnly: true, maxBytes: 16 * 1024 }),
    at: datetime({ readOnly: true }),
    status: enumOf(['applied', 'rejected', 'resolved', 'dismissed'], { readOnly: true }),
    reason: text({ max: 64, readOnly: true }),
    reason_params: json({ readOnly: true, maxBytes: 2048 }),
    person_id: ref('persons', { readOnly: true }),
    card_id: ref('cards', { readOnly: true }),
    card_show_id: text({ max: 64, readOnly: true }),
    cardnode_id: ref('cardnodes', { readOnly: true }),
    worknode_id: ref('worknodes', { readOnly: true }),
    device_id: ref('devices', { readOnly: true }),
    action: enumOf(TAP_ACTIONS, { readOnly: true }),
    good: number({ scale: 4, readOnly: true, sum: true }),
    bad: number({ scale: 4, readOnly: true, sum: true }),
    note: text({ max: 500, readOnly: true }),
    resolved_by: ref('accounts', { readOnly: true }),
    resolved_at: datetime({ readOnly: true }),
  },
  list: ['at', 'computer_id', 'name', 'person_id', 'card_show_id', 'worknode_id', 'device_id', 'action', 'good', 'bad', 'status',
    'reason'],
  sort: '-at',
  actions: ['resolve'],
});
