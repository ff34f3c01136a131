import { bool, json, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Semi-finished parts (子物料): what one work node makes on the way to an item, stocked between nodes. `item_id` is
 * the product it goes into, `worknode_id` the node that makes it.
 */
export const subitems = resource({
  name: 'subitems', api: '/subitems', kind: 'master', menu: ['/subitems/list'],
  naturalKey: ['code'], search: ['code', 'name', 'spec'], display: 'name', offline: true,
  labels: {
    zh: { name: '子物料', fields: { code: '编码', name: '名称', spec: '规格', item_id: '所属物料', worknode_id: '生产工序',
      unit: '单位', weight: '重量', props: '属性', active: '启用', remark: '备注' } },
    en: { name: 'Sub-items', fields: { code: 'Code', name: 'Name', spec: 'Specification', item_id: 'Parent item',
      worknode_id: 'Made at', unit: 'Unit', weight: 'Weight', props: 'Properties', active: 'Active', remark: 'Remark' } },
    es: { name: 'Subartículos', fields: { code: 'Código', name: 'Nombre', spec: 'Especificación',
      item_id: 'Artículo principal', worknode_id: 'Proceso', unit: 'Unidad', weight: 'Peso', props: 'Propiedades',
      active: 'Activo', remark: 'Observaciones' } },
    ja: { name: '子品目', fields: { code: 'コード', name: '名称', spec: '仕様', item_id: '親品目', worknode_id: '製造工程',
      unit: '単位', weight: '重量', props: '属性', active: '有効', remark: '備考' } },
  },
  place: { group: 'warehouse', order: 130, icon: 'IconBoxMultiple' },
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    spec: text({ max: 200 }),
    item_id: ref('items'),
    worknode_id: ref('worknodes'),
    unit: text({ max: 20 }),
    weight: number({ scale: 4, unit: 'kg', min: 0 }),
    props: json({ maxBytes: 16 * 1024 }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'spec', 'item_id', 'worknode_id', 'unit', 'weight', 'active'],
  sort: 'code',
});
