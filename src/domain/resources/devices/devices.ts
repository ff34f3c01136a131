import { date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Production machines. Their status feeds /devices/list_status, where `status` (the action) may set it without `edit`. */
export const devices = resource({
  name: 'devices', api: '/devices', kind: 'master', menu: ['/devices/list', '/devices/list_status'],
  naturalKey: ['code'], search: ['code', 'name', 'model'], display: 'name', offline: true,
  labels: {
    zh: { name: '设备', menu: '机台', fields: { code: '设备编号', name: '设备名称', model: '型号', worknode_id: '工序', status: '状态',
      location: '位置', purchase_date: '购置日期', remark: '备注' },
      enums: { status: { running: '运行中', idle: '空闲', fault: '故障', maintenance: '维修保养', off: '关机' } } },
    en: { name: 'Machines', fields: { code: 'Machine no.', name: 'Machine name', model: 'Model',
      worknode_id: 'Process step', status: 'Status', location: 'Location', purchase_date: 'Purchase date',
      remark: 'Remarks' },
      enums: { status: { running: 'Running', idle: 'Idle', fault: 'Fault', maintenance: 'Maintenance', off: 'Off' } } },
    es: { name: 'Máquinas', fields: { code: 'N.º de máquina', name: 'Nombre de la máquina', model: 'Modelo',
      worknode_id: 'Operación', status: 'Estado', location: 'Ubicación', purchase_date: 'Fecha de compra',
      remark: 'Observaciones' },
      enums: { status: { running: 'En marcha', idle: 'Parada', fault: 'Avería', maintenance: 'Mantenimiento', off: 'Apagada' } } },
    ja: { name: '設備', menu: '機械', fields: { code: '設備番号', name: '設備名', model: '型式', worknode_id: '工程',
      status: 'ステータス', location: '設置場所', purchase_date: '購入日', remark: '備考' },
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
  },
  list: ['code', 'name', 'model', 'worknode_id', 'status', 'location'],
  sort: 'code',
  actions: ['status'],
  actionFields: { status: ['status'] },
});
