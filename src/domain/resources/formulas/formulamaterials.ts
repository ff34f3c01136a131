import { int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A material of a formula (配方物料, spec §7 `/formulas/materials/list/`): how much of an item one unit of the
 * formula's product takes (`quantity`, in the material's `unit`), and what is lost on the way (`loss_rate`, percent,
 * 0–100): one unit of product needs quantity × (1 + loss_rate / 100).
 *
 * A material that is itself made by a formula names it (`sub_formula_id`, a formula of the same item): the material
 * requirement goes on through it to its own materials. `level` is the line's level in the recipe as the factory
 * prints it (1 = direct material); the structure itself is `sub_formula_id`.
 *
 * Rules (server/areas/formulas/behaviours/formula-lines.ts): a formula never contains itself, directly or through its
 * sub-formulas (422 naming the chain); a line of a frozen version (one that orders use) is changed in a new version.
 */
export const formulamaterials = resource({
  name: 'formulamaterials', api: '/formulas/materials', kind: 'master', menu: ['/formulamaterials/list'],
  search: ['remark'], display: 'remark', paging: 'server', offline: false,
  labels: {
    zh: { name: '配方物料', fields: { formula_id: '配方', item_id: '物料', quantity: '单位用量', unit: '单位', loss_rate: '损耗率%',
      level: '层级', sub_formula_id: '子配方', sort: '排序', remark: '备注' } },
    en: { name: 'Formula materials', fields: { formula_id: 'Formula', item_id: 'Material', quantity: 'Quantity per unit',
      unit: 'Unit', loss_rate: 'Loss rate %', level: 'Level', sub_formula_id: 'Sub-formula', sort: 'Order',
      remark: 'Remarks' } },
    es: { name: 'Materiales de fórmula', fields: { formula_id: 'Fórmula', item_id: 'Material',
      quantity: 'Cantidad por unidad', unit: 'Unidad', loss_rate: 'Merma %', level: 'Nivel', sub_formula_id: 'Subfórmula',
      sort: 'Orden', remark: 'Observaciones' } },
    ja: { name: '配合材料', fields: { formula_id: '配合', item_id: '材料', quantity: '原単位', unit: '単位', loss_rate: 'ロス率%',
      level: '階層', sub_formula_id: '子配合', sort: '並び順', remark: '備考' } },
  },
  place: { group: 'formula', order: 12, icon: 'IconStack2' },
  fields: {
    formula_id: ref('formulas', { required: true }),
    item_id: ref('items', { required: true }),
    quantity: number({ scale: 6, required: true, min: 0 }),
    unit: text({ max: 20 }),
    loss_rate: number({ scale: 2, min: 0, default: 0 }),
    level: int({ min: 1, max: 9, default: 1 }),
    sub_formula_id: ref('formulas'),
    sort: int({ default: 0 }),
    remark: text({ max: 200 }),
  },
  list: ['formula_id', 'item_id', 'quantity', 'unit', 'loss_rate', 'level', 'sub_formula_id', 'sort', 'remark'],
  sort: 'sort',
});
