import { bool, enumOf, int, money, number, ref, text } from '../../registry/fields';
import { SEQUENCE_CHECKS, TAP_MODES } from '../../rules/tap';
import { resource } from '../../registry/resource';

/** A work node: one step of production where cards are swiped (cutting, printing, inspection …). */
export const worknodes = resource({
  name: 'worknodes', api: '/workflows/worknodes', kind: 'master', menu: ['/worknodes/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '工序', fields: { code: '工序编码', name: '工序名称', department_id: '部门', unit: '计量单位', piece_rate: '计件单价',
      is_inspection: '检验工序', sort: '排序', std_rate: '标准产能', tap_mode: '刷卡方式', sequence_check: '工序顺序检查' },
      enums: { tap_mode: { start_finish: '开工、完工各刷一次', single: '刷一次即过站' },
        sequence_check: { strict: '严格（上道未完工拒绝）', warn: '提醒', off: '不检查' } } },
    en: { name: 'Process steps', fields: { code: 'Step code', name: 'Step name', department_id: 'Department',
      unit: 'Unit', piece_rate: 'Piece rate', is_inspection: 'Inspection step', sort: 'Order',
      std_rate: 'Standard output per hour', tap_mode: 'Swipes', sequence_check: 'Step order check' },
      enums: { tap_mode: { start_finish: 'One swipe to start, one to finish', single: 'One swipe passes the card' },
        sequence_check: { strict: 'Strict (refuse when the previous step is open)', warn: 'Warn', off: 'Off' } } },
    es: { name: 'Operaciones', menu: 'Procesos', fields: { code: 'Código de operación',
      name: 'Nombre de la operación', department_id: 'Departamento', unit: 'Unidad', piece_rate: 'Tarifa por pieza',
      is_inspection: 'Operación de inspección', sort: 'Orden', std_rate: 'Producción estándar por hora', tap_mode: 'Fichajes',
      sequence_check: 'Control del orden de pasos' },
      enums: { tap_mode: { start_finish: 'Un fichaje al inicio y otro al final', single: 'Un fichaje pasa la tarjeta' },
        sequence_check: { strict: 'Estricto (rechaza si el paso anterior está abierto)', warn: 'Avisar', off: 'No controlar' } } },
    ja: { name: '工程', fields: { code: '工程コード', name: '工程名', department_id: '部門', unit: '単位', piece_rate: '出来高単価',
      is_inspection: '検査工程', sort: '表示順', std_rate: '標準能力（毎時）', tap_mode: 'タッチ方式', sequence_check: '工程順チェック' },
      enums: { tap_mode: { start_finish: '開始と完了で一回ずつ', single: '一回で通過' },
        sequence_check: { strict: '厳格（前工程が未完了なら拒否）', warn: '警告', off: 'チェックしない' } } },
  },
  place: { group: 'system', order: 40, icon: 'IconRoute' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    department_id: ref('departments'),
    unit: text({ max: 20 }),
    piece_rate: money({ sensitive: true, min: 0 }),
    is_inspection: bool({ default: false }),
    // Main units an hour of any item at this step when the item states none (items.std_rate; docs/scheduling.md).
    std_rate: number({ scale: 2, min: 0, unit: '/h' }),
    // The kiosk's swipes at this node (docs/shopfloor.md, src/domain/rules/tap.ts).
    tap_mode: enumOf(TAP_MODES, { required: true, default: 'start_finish' }),
    sequence_check: enumOf(SEQUENCE_CHECKS, { required: true, default: 'warn' }),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'department_id', 'unit', 'piece_rate', 'is_inspection', 'sort'],
  sort: 'sort',
});
