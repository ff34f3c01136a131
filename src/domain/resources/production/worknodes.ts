import { bool, int, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A work node: one step of production where cards are swiped (cutting, printing, inspection …). */
export const worknodes = resource({
  name: 'worknodes', api: '/workflows/worknodes', kind: 'master', menu: ['/worknodes/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '工序', fields: { code: '工序编码', name: '工序名称', department_id: '部门', unit: '计量单位', piece_rate: '计件单价',
      is_inspection: '检验工序', sort: '排序', std_rate: '标准产能' } },
    en: { name: 'Process steps', fields: { code: 'Step code', name: 'Step name', department_id: 'Department',
      unit: 'Unit', piece_rate: 'Piece rate', is_inspection: 'Inspection step', sort: 'Order',
      std_rate: 'Standard output per hour' } },
    es: { name: 'Operaciones', menu: 'Procesos', fields: { code: 'Código de operación',
      name: 'Nombre de la operación', department_id: 'Departamento', unit: 'Unidad', piece_rate: 'Tarifa por pieza',
      is_inspection: 'Operación de inspección', sort: 'Orden', std_rate: 'Producción estándar por hora' } },
    ja: { name: '工程', fields: { code: '工程コード', name: '工程名', department_id: '部門', unit: '単位', piece_rate: '出来高単価',
      is_inspection: '検査工程', sort: '表示順', std_rate: '標準能力（毎時）' } },
  },
  place: { group: 'system', order: 40, icon: 'IconRoute' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    department_id: ref('departments'),
    unit: text({ max: 20 }),
    piece_rate: money({ sensitive: true }),
    is_inspection: bool({ default: false }),
    // Main units an hour of any item at this step when the item states none (items.std_rate; docs/scheduling.md).
    std_rate: number({ scale: 2, min: 0, unit: '/h' }),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'department_id', 'unit', 'piece_rate', 'is_inspection', 'sort'],
  sort: 'sort',
});
