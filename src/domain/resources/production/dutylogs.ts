import { date, datetime, enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { SHIFTS } from '../../rules/shifts';

/**
 * Shift handover notes (交接班记录) per work node and shift: who hands over to whom, what the next crew must know, and
 * the shift's output — cards finished, good and bad quantity at the node (and machine, when named) in the shift's
 * hours (config `shift_hours`) — which the server fills from the card nodes on every save (docs/scheduling.md). A
 * document: corrected, cancelled, never deleted.
 */
export const dutylogs = resource({
  name: 'dutylogs', api: '/dutylogs', kind: 'document', menu: ['/dutylogs/list'],
  search: ['content', 'issues'], display: 'duty_date', paging: 'server',
  labels: {
    zh: { name: '交接班记录', fields: { duty_date: '日期', shift: '班次', worknode_id: '工序', device_id: '机台', person_id: '交班人',
      next_person_id: '接班人', content: '交接内容', issues: '异常与待办', cards_finished: '完工卡数', good_quantity: '良品数量',
      bad_quantity: '不良数量', summary_at: '产出统计时间' },
      enums: { shift: { day: '白班', night: '夜班' } } },
    en: { name: 'Duty logs', fields: { duty_date: 'Date', shift: 'Shift', worknode_id: 'Process step', device_id: 'Machine',
      person_id: 'Handed over by', next_person_id: 'Taken over by', content: 'Handover notes', issues: 'Problems and open tasks',
      cards_finished: 'Cards finished', good_quantity: 'Good quantity', bad_quantity: 'Bad quantity', summary_at: 'Output counted at' },
      enums: { shift: { day: 'Day shift', night: 'Night shift' } } },
    es: { name: 'Registros de turno', fields: { duty_date: 'Fecha', shift: 'Turno', worknode_id: 'Operación', device_id: 'Máquina',
      person_id: 'Entrega', next_person_id: 'Recibe', content: 'Notas de relevo', issues: 'Incidencias y pendientes',
      cards_finished: 'Tarjetas terminadas', good_quantity: 'Cantidad buena', bad_quantity: 'Cantidad defectuosa',
      summary_at: 'Producción contada el' },
      enums: { shift: { day: 'Turno de día', night: 'Turno de noche' } } },
    ja: { name: '引き継ぎ記録', fields: { duty_date: '日付', shift: '勤務帯', worknode_id: '工程', device_id: '機械', person_id: '引き渡し者',
      next_person_id: '引き継ぎ者', content: '引き継ぎ内容', issues: '異常と未完了事項', cards_finished: '完了カード数', good_quantity: '良品数',
      bad_quantity: '不良数', summary_at: '出来高集計日時' },
      enums: { shift: { day: '日勤', night: '夜勤' } } },
  },
  place: { group: 'formula', order: 70, icon: 'IconNotebook' },
  fields: {
    duty_date: date({ required: true }),
    shift: enumOf(SHIFTS, { required: true, default: 'day' }),
    worknode_id: ref('worknodes', { required: true }),
    device_id: ref('devices'),
    person_id: ref('persons', { required: true }),
    next_person_id: ref('persons'),
    content: text({ required: true, max: 5000, multiline: true }),
    issues: text({ max: 2000, multiline: true }),
    cards_finished: int({ readOnly: true, sum: true, default: 0 }),
    good_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    bad_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    summary_at: datetime({ readOnly: true }),
  },
  list: ['duty_date', 'shift', 'worknode_id', 'device_id', 'person_id', 'next_person_id', 'cards_finished', 'good_quantity',
    'bad_quantity', 'content'],
  sort: '-duty_date',
});
