import { bool, json, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Materials, semi-finished and finished products. Up to three units (main, secondary, third) as order lines use
 * them; `props` holds the dynamic property columns (spec §9 order).
 */
export const items = resource({
  name: 'items', api: '/items', kind: 'master', menu: ['/items/list'],
  naturalKey: ['code'], search: ['code', 'name', 'spec'], display: 'name', paging: 'server', offline: true,
  labels: {
    zh: { name: '物料', fields: { code: '物料编码', name: '物料名称', spec: '规格', category_id: '类别', unit: '主单位',
      unit2: '辅助单位', unit3: '第三单位', rate2: '辅助单位换算', rate3: '第三单位换算', weight: '重量', price: '单价', workflow_id: '工艺流程', props: '扩展属性', active: '启用',
      remark: '备注', std_rate: '标准产能' } },
    en: { name: 'Items', fields: { code: 'Item code', name: 'Item name', spec: 'Specification',
      category_id: 'Category', unit: 'Main unit', unit2: 'Secondary unit', unit3: 'Third unit', rate2: 'Main units per secondary unit', rate3: 'Main units per third unit', weight: 'Weight',
      price: 'Unit price', workflow_id: 'Routing', props: 'Extra properties', active: 'Active', remark: 'Remarks',
      std_rate: 'Standard output per hour' } },
    es: { name: 'Artículos', fields: { code: 'Código de artículo', name: 'Nombre del artículo',
      spec: 'Especificación', category_id: 'Categoría', unit: 'Unidad principal', unit2: 'Unidad secundaria',
      unit3: 'Tercera unidad', rate2: 'Unidades principales por unidad secundaria', rate3: 'Unidades principales por tercera unidad', weight: 'Peso', price: 'Precio unitario', workflow_id: 'Ruta de fabricación',
      props: 'Propiedades adicionales', active: 'Activo', remark: 'Observaciones', std_rate: 'Producción estándar por hora' } },
    ja: { name: '品目', fields: { code: '品目コード', name: '品名', spec: '仕様', category_id: '分類', unit: '基本単位',
      unit2: '第2単位', unit3: '第3単位', rate2: '第2単位の換算', rate3: '第3単位の換算', weight: '重量', price: '単価', workflow_id: '工程ルート', props: '追加属性', active: '有効',
      remark: '備考', std_rate: '標準能力（毎時）' } },
  },
  place: { group: 'warehouse', order: 100, icon: 'IconBox' },
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    spec: text({ max: 200 }),
    category_id: ref('itemcategories'),
    unit: text({ max: 20 }),
    unit2: text({ max: 20 }),
    unit3: text({ max: 20 }),
    // Conversions for order lines: one secondary (third) unit holds this many main units (1 箱 = 50 个 → 50).
    rate2: number({ scale: 6, min: 0 }),
    rate3: number({ scale: 6, min: 0 }),
    weight: number({ scale: 4, unit: 'kg', min: 0 }),
    price: money({ min: 0 }),
    workflow_id: ref('workflows'),
    props: json({ maxBytes: 16 * 1024 }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
    // Main units a machine makes of it in an hour at one work node: the load of its cards on a machine's queue
    // (docs/scheduling.md). The work node's own standard output applies when the item has none.
    std_rate: number({ scale: 2, min: 0, unit: '/h' }),
  },
  list: ['code', 'name', 'spec', 'category_id', 'unit', 'unit2', 'weight', 'price', 'workflow_id', 'active'],
  sort: 'code',
});
