import { datetime, enumOf, int, ref, refs, text } from '../../registry/fields';
import { TERMINAL_SCREENS } from '../../rules/terminal-screen';
import { resource } from '../../registry/resource';

/**
 * Kiosk PCs and tablets on the shop floor: the device identity behind every swipe and inspection they sync.
 * `last_seen` is written by the server when the device talks to it.
 */
export const computers = resource({
  name: 'computers', api: '/computers', kind: 'master', menu: ['/computers/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '终端电脑', menu: '电脑', fields: { code: '终端编号', name: '终端名称', worknode_ids: '工序', device_id: '设备',
      ip: 'IP 地址', last_seen: '最后在线', remark: '备注', last_seq: '已同步序号', enrolled_at: '登记时间', screen: '终端画面' },
      enums: { screen: { tap3: '刷卡报工', precheck: '半成品检验', inspect: '成品检验', count: '库存盘点', delivery: '送货签收', forms: '表单填报' } } },
    en: { name: 'Terminals', menu: 'Computers', fields: { code: 'Terminal no.', name: 'Terminal name',
      worknode_ids: 'Process steps', device_id: 'Machine', ip: 'IP address', last_seen: 'Last seen', remark: 'Remarks',
      last_seq: 'Synchronised up to', enrolled_at: 'Enrolled', screen: 'Screen' },
      enums: { screen: { tap3: 'Card swipe', precheck: 'Semi-finished inspection', inspect: 'Finished-goods inspection', count: 'Stocktake', delivery: 'Proof of delivery', forms: 'Forms' } } },
    es: { name: 'Terminales', menu: 'Ordenadores', fields: { code: 'N.º de terminal', name: 'Nombre del terminal',
      worknode_ids: 'Operaciones', device_id: 'Máquina', ip: 'Dirección IP', last_seen: 'Última conexión',
      remark: 'Observaciones', last_seq: 'Sincronizado hasta', enrolled_at: 'Registrado el', screen: 'Pantalla' },
      enums: { screen: { tap3: 'Fichaje de tarjetas', precheck: 'Inspección de semielaborados', inspect: 'Inspección de producto terminado', count: 'Inventario', delivery: 'Firma de entrega', forms: 'Formularios' } } },
    ja: { name: '端末PC', menu: 'パソコン', fields: { code: '端末番号', name: '端末名', worknode_ids: '工程', device_id: '設備',
      ip: 'IPアドレス', last_seen: '最終接続', remark: '備考', last_seq: '同期済み連番', enrolled_at: '登録日時', screen: '端末画面' },
      enums: { screen: { tap3: '作業タッチ', precheck: '半製品検査', inspect: '製品検査', count: '棚卸', delivery: '受領サイン', forms: 'フォーム入力' } } },
  },
  place: { group: 'device', order: 10, icon: 'IconDeviceDesktop' },
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 100 }),
    worknode_ids: refs('worknodes', { max: 50 }),
    device_id: ref('devices'),
    ip: text({ max: 64 }),
    last_seen: datetime({ readOnly: true }),
    remark: text({ max: 500 }),
    // The device's watermark: every fact up to this sequence is held by the server (docs/shopfloor.md).
    last_seq: int({ readOnly: true, default: 0 }),
    // What the terminal shows once logged in, and goes back to (issue 30): the kiosk, or an inspection tablet's form.
    screen: enumOf(TERMINAL_SCREENS, { default: 'tap3' }),
    // When a device last logged in as this terminal with a one-time code (`enrol`); an older device is cut off then.
    enrolled_at: datetime({ readOnly: true }),
  },
  list: ['code', 'name', 'screen', 'worknode_ids', 'device_id', 'ip', 'last_seen', 'enrolled_at'],
  sort: 'code',
  // `kiosk`: log in a terminal as this computer (a device login, docs/shopfloor.md); `enrol`: issue the one-time code
  // that device login needs (a supervisor at the terminal).
  actions: ['kiosk', 'enrol'],
});
