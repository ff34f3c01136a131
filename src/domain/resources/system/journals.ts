import { date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** The factory's log book: shift hand-overs, incidents, notices. A document: cancelled, never deleted. */
export const journals = resource({
  name: 'journals', api: '/journals', kind: 'document', menu: ['/journals/list'],
  search: ['title', 'content'], display: 'title', paging: 'server',
  labels: {
    zh: { name: '日志', menu: '工作日志', fields: { day: '日期', kind: '类型', title: '标题', content: '内容',
      department_id: '部门', person_id: '人员' },
      enums: { kind: { shift: '交接班', incident: '异常事件', notice: '通知', other: '其他' } } },
    en: { name: 'Log book', fields: { day: 'Date', kind: 'Type', title: 'Title',
      content: 'Content', department_id: 'Department', person_id: 'Employee' },
      enums: { kind: { shift: 'Shift handover', incident: 'Incident', notice: 'Notice', other: 'Other' } } },
    es: { name: 'Bitácora', fields: { day: 'Fecha', kind: 'Tipo', title: 'Título',
      content: 'Contenido', department_id: 'Departamento', person_id: 'Empleado' },
      enums: { kind: { shift: 'Cambio de turno', incident: 'Incidencia', notice: 'Aviso', other: 'Otro' } } },
    ja: { name: '業務日誌', fields: { day: '日付', kind: '種別', title: '件名', content: '本文',
      department_id: '部門', person_id: '従業員' },
      enums: { kind: { shift: '引き継ぎ', incident: '異常', notice: 'お知らせ', other: 'その他' } } },
  },
  place: { group: 'system', order: 540, icon: 'IconNotebook' },
  fields: {
    day: date({ required: true }),
    kind: enumOf(['shift', 'incident', 'notice', 'other'], { required: true, default: 'shift' }),
    title: text({ required: true, max: 200 }),
    content: text({ max: 20000, multiline: true }),
    department_id: ref('departments'),
    person_id: ref('persons'),
  },
  list: ['day', 'kind', 'title', 'department_id', 'person_id'],
  sort: '-day',
});
