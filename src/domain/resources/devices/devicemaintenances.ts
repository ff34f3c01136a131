import { date, datetime, enumOf, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Maintenance of a machine, planned and done. A document: cancelled, never deleted (costs reach the books). */
export const devicemaintenances = resource({
  name: 'devicemaintenances', api: '/devicemaintenances', kind: 'document', menu: ['/devicemaintenances/list'],
  search: ['content', 'remark'], display: 'content',
  labels: {
    zh: { name: '设备保养', fields: { device_id: '设备', kind: '类型', status: '状态', planned_date: '计划日期', done_at: '完成时间',
      person_id: '负责人', cost: '费用', content: '内容', remark: '备注' },
      enums: { kind: { routine: '例行保养', repair: '维修', inspection: '点检' }, status: { planned: '计划中', done: '已完成' } } },
    en: { name: 'Maintenance', fields: { device_id: 'Machine', kind: 'Type', status: 'Status',
      planned_date: 'Planned for', done_at: 'Done at', person_id: 'Responsible', cost: 'Cost', content: 'Work',
      remark: 'Remark' },
      enums: { kind: { routine: 'Routine', repair: 'Repair', inspection: 'Inspection' }, status: { planned: 'Planned', done: 'Done' } } },
    es: { name: 'Mantenimiento', fields: { device_id: 'Máquina', kind: 'Tipo', status: 'Estado',
      planned_date: 'Fecha prevista', done_at: 'Realizado el', person_id: 'Responsable', cost: 'Coste',
      content: 'Trabajo', remark: 'Observaciones' },
      enums: { kind: { routine: 'Rutinario', repair: 'Reparación', inspection: 'Inspección' }, status: { planned: 'Previsto', done: 'Hecho' } } },
    ja: { name: '設備保全', fields: { device_id: '設備', kind: '種別', status: '状態', planned_date: '予定日', done_at: '完了日時',
      person_id: '担当者', cost: '費用', content: '作業内容', remark: '備考' },
      enums: { kind: { routine: '定期保全', repair: '修理', inspection: '点検' }, status: { planned: '予定', done: '完了' } } },
  },
  place: { group: 'device', order: 80, icon: 'IconTool' },
  fields: {
    device_id: ref('devices', { required: true }),
    kind: enumOf(['routine', 'repair', 'inspection'], { required: true, default: 'routine' }),
    status: enumOf(['planned', 'done'], { required: true, default: 'planned' }),
    planned_date: date(),
    done_at: datetime(),
    person_id: ref('persons'),
    cost: money({ default: 0, sum: true, min: 0 }),
    content: text({ required: true, max: 500, multiline: true }),
    remark: text({ max: 500 }),
  },
  list: ['device_id', 'kind', 'status', 'planned_date', 'done_at', 'person_id', 'cost', 'content'],
  sort: '-planned_date',
});
