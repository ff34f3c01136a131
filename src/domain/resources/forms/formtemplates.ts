import { MAX_FORM_FIELDS_BYTES } from '../../contract/forms';
import { bool, int, json, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A form template (表单模板, docs/sales-office.md "Forms"): the fields of a form of one category (首件检验, 巡检 …) as
 * JSON data (`format: 'formfields'`, validated by formFieldsSchema on both sides). Versions like formulas
 * (server/areas/forms/behaviours/formtemplates.ts, decision 265): every version of a template shares its `code`; a
 * version a filled form names is frozen, and a save of its fields or category writes a new version, current from then
 * on. Terminals keep the current, active versions offline to fill forms without a network.
 */
export const formtemplates = resource({
  name: 'formtemplates', api: '/forms/templates', kind: 'master', menu: ['/formtemplates/list'],
  naturalKey: ['code', 'version_no'], search: ['code', 'name', 'remark'], display: 'name', offline: true,
  offlineScope: [{ field: 'is_current', op: 'eq', value: true }, { field: 'active', op: 'eq', value: true }],
  labels: {
    zh: { name: '表单模板', fields: { code: '模板编号', name: '模板名称', category_id: '表单分类', version_no: '模板版本',
      is_current: '当前版本', fields: '字段', active: '启用', remark: '备注' } },
    en: { name: 'Form templates', fields: { code: 'Template no.', name: 'Template name', category_id: 'Form category',
      version_no: 'Template version', is_current: 'Current version', fields: 'Fields', active: 'Active', remark: 'Remarks' } },
    es: { name: 'Plantillas de formulario', fields: { code: 'N.º de plantilla', name: 'Nombre de la plantilla',
      category_id: 'Categoría de formulario', version_no: 'Versión de la plantilla', is_current: 'Versión vigente',
      fields: 'Campos', active: 'Activa', remark: 'Observaciones' } },
    ja: { name: 'フォームテンプレート', fields: { code: 'テンプレート番号', name: 'テンプレート名', category_id: 'フォーム分類',
      version_no: 'テンプレート版', is_current: '現行版', fields: '項目', active: '有効', remark: '備考' } },
  },
  place: { group: 'category', order: 71, icon: 'IconForms' },
  fields: {
    code: text({ required: true, max: 40 }),
    name: text({ required: true, max: 100 }),
    category_id: ref('formcategories', { required: true }),
    version_no: int({ readOnly: true, default: 1 }),
    is_current: bool({ readOnly: true, default: true }),
    fields: json({ required: true, maxBytes: MAX_FORM_FIELDS_BYTES, format: 'formfields' }),
    active: bool({ default: true }),
    remark: text({ max: 500, multiline: true }),
  },
  list: ['code', 'name', 'category_id', 'version_no', 'is_current', 'active', 'remark'],
  sort: 'code',
});
