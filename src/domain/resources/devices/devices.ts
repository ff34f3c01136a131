import { date, enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Production machines. Their status feeds /devices/list_status, where `status` (the action) may set it without `edit`;
 * a machine in fault or maintenance takes no new cards on its queue (排产, docs/scheduling.md).
 */
export const devices = resource({
  name: 'devices', api: '/devices', kind: 'master', menu: ['/devices/list', '/devices/list_status'],
  naturalKey: ['code'], search: ['code', 'name', 'model'], display: 'name', offline: true,
  labels: {
    zh: { name: '设备', menu: '机台', fields: { code: '设备编号', name: '设备名称', model: '型号', worknode_id: '工序', status: '状态',
      location: '位置', purchase_date: '购置日期', remark: '备注',
      daily_hours: '日可用工时', queue_version: '排产版本' },
      enums: { status: { running: '运行中', idle: '空闲', fault: '故障', maintenance: '维修保养', off: '关机' } } },
    en: { name: 'Machines', fields: { code: 'Machine no.', name: 'Machine name', model: 'Model',
      worknode_id: 'Process step', status: 'Status', location: 'Location', purchase_date: 'Purchase date',
      remark: 'Remarks', daily_hours: 'Hours available per day', queue_version: 'Queue version' },
      enums: { status: { running: 'Running', idle: 'Idle', fault: 'Fault', maintenance: 'Maintenance', off: 'Off' } } },
    es: { name: 'Máquinas', fields: { code: 'N.º de máquina', name: 'Nombre de la máquina', model: 'Modelo',
      worknode_id: 'Operación', status: 'Estado', location: 'Ubicación', purchase_date: 'Fecha de compra',
      remark: 'Observaciones', daily_hours: 'Horas disponibles al día', queue_version: 'Versión de la cola' },
      enums: { status: { running: 'En marcha', idle: 'Parada', fault: 'Avería', maintenance: 'Mantenimiento', off: 'Apagada' } } },
    ja: { name: '設備', menu: '機械', fields: { code: '設備番号', name: '設備名', model: '型式', worknode_id: '工程',
      status: 'ステータス', location: '設置場所', purchase_date: '購入日', remark: '備考', daily_hours: '1日の稼働可能時間',
      queue_version: '待ち行列の版' },
      enums: { status: { running: '稼働中', idle: '待機中', fault: '故障中', maintenance: '保守中', off: '停止' } } },
  },
  place: { group: 'device', order: 40, icon: 'IconEngine' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    model: text({ max: 100 }),
    worknode_id: ref('worknodes'),
    status: enumOf(['running', 'idle', 'fault', 'maintenance', 'off'], { required: true, default: 'idle' }),
    location: text({ max: 200 }),
    purchase_date: date(),
    remark: text({ max: 500 }),
    // Scheduling (docs/scheduling.md): the hours a day the machine can run (its capacity), and the version of its
    // queue, which every change of the queue checks and bumps so two planners never reorder it over each other.
    daily_hours: number({ scale: 2, min: 0, max: 24, unit: 'h' }),
    queue_version: int({ readOnly: true, default: 0 }),
  },
  list: ['code', 'name', 'model', 'worknode_id', 'status', 'location'],
  sort: 'code',
  // `status` sets a machine's status from the board; `arrange` schedules cards on it (docs/scheduling.md).
  actions: ['status', 'arrange'],
  actionFields: { status: ['status'] },
});
