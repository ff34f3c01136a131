import { bool, int, json, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A formula (配方): the recipe of an item — its materials per unit of product (`formulamaterials`) and its operations
 * (`formulaoperations`) — with traits keyed by the config `formula_traits` (粘度, 固含量 …).
 *
 * A document: cancelled, never deleted, because order lines (`details.formula_id`) name the version they were made
 * with. Versions (server/areas/formulas/behaviours/formulas.ts, docs/formulas.md): all versions of a recipe share its
 * `code`; `version_no` and `is_current` are set by the server. A version that order lines use — directly, or as the
 * sub-formula of a version they use — is frozen: saving a change to it (or to one of its lines) writes a new row,
 * `version_no` + 1, which becomes the current one, and leaves the used version as it was.
 */
export const formulas = resource({
  name: 'formulas', api: '/formulas', kind: 'document', menu: ['/formulas/list'],
  search: ['code', 'name', 'remark'], display: 'name', offline: false,
  labels: {
    zh: { name: '配方', fields: { code: '配方编号', name: '配方名称', item_id: '产品', category_id: '配方分类', version_no: '配方版本',
      is_current: '当前版本', traits: '配方特性', remark: '备注' } },
    en: { name: 'Formulas', fields: { code: 'Formula no.', name: 'Formula name', item_id: 'Product',
      category_id: 'Formula category', version_no: 'Formula version', is_current: 'Current version', traits: 'Traits',
      remark: 'Remarks' } },
    es: { name: 'Fórmulas', fields: { code: 'N.º de fórmula', name: 'Nombre de la fórmula', item_id: 'Producto',
      category_id: 'Categoría de fórmula', version_no: 'Versión de fórmula', is_current: 'Versión vigente', traits: 'Características',
      remark: 'Observaciones' } },
    ja: { name: '配合', fields: { code: '配合番号', name: '配合名', item_id: '製品', category_id: '配合分類', version_no: '配合版',
      is_current: '現行版', traits: '配合特性', remark: '備考' } },
  },
  place: { group: 'formula', order: 10, icon: 'IconFlask2' },
  fields: {
    code: text({ required: true, max: 40 }),
    name: text({ required: true, max: 100 }),
    item_id: ref('items', { required: true }),
    category_id: ref('formulacategories'),
    version_no: int({ readOnly: true, default: 1 }),
    is_current: bool({ readOnly: true, default: true }),
    traits: json({ maxBytes: 4096 }),
    remark: text({ max: 500, multiline: true }),
  },
  list: ['code', 'name', 'item_id', 'category_id', 'version_no', 'is_current', 'remark'],
  sort: 'code',
});
