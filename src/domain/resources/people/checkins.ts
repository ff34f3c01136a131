import { datetime, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Attendance (考勤, /persons/checkin): one row per badge swipe or manual entry. Kiosks write them (offline through the
 * outbox in a later step); the office corrects by cancelling and entering by hand, never by deleting.
 */
export const checkins = resource({
  name: 'checkins', api: '/persons/checkins', kind: 'document', menu: ['/persons/checkin'],
  search: ['remark'], display: 'at', paging: 'server',
  labels: {
    zh: { name: '考勤', fields: { person_id: '人员', at: '打卡时间', direction: '上/下班', source: '来源', computer_id: '终端',
      remark: '备注' },
      enums: { direction: { in: '上班', out: '下班' }, source: { card: '刷卡', manual: '手工' } } },
    en: { name: 'Attendance', fields: { person_id: 'Person', at: 'Time', direction: 'In / out', source: 'Source',
      computer_id: 'Kiosk', remark: 'Remark' },
      enums: { direction: { in: 'In', out: 'Out' }, source: { card: 'Badge', manual: 'Manual' } } },
    es: { name: 'Asistencia', fields: { person_id: 'Persona', at: 'Hora', direction: 'Entrada / salida',
      source: 'Origen', computer_id: 'Terminal', remark: 'Observaciones' },
      enums: { direction: { in: 'Entrada', out: 'Salida' }, source: { card: 'Tarjeta', manual: 'Manual' } } },
    ja: { name: '勤怠', fields: { person_id: '人員', at: '打刻時刻', direction: '出勤/退勤', source: '入力元', computer_id: '端末',
      remark: '備考' },
      enums: { direction: { in: '出勤', out: '退勤' }, source: { card: 'カード', manual: '手入力' } } },
  },
  place: { group: 'people', order: 10, icon: 'IconFingerprint' },
  fields: {
    person_id: ref('persons', { required: true }),
    at: datetime({ required: true }),
    direction: enumOf(['in', 'out'], { required: true, default: 'in' }),
    source: enumOf(['card', 'manual'], { required: true, default: 'manual' }),
    computer_id: ref('computers'),
    remark: text({ max: 200 }),
  },
  list: ['person_id', 'at', 'direction', 'source', 'computer_id', 'remark'],
  sort: '-at',
});
