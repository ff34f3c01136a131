import { categoryResource } from './category';

/** Categories of forms (inspection and OA forms, spec §2 categories). */
export const formcategories = categoryResource('formcategories', '/forms/categories', {
  labels: {
    zh: { name: '表单分类', fields: { name: '名称', sort: '排序', remark: '备注' } },
    en: { name: 'Form categories', fields: { name: 'Name', sort: 'Order', remark: 'Remark' } },
    es: { name: 'Categorías de formularios', fields: { name: 'Nombre', sort: 'Orden', remark: 'Observaciones' } },
    ja: { name: 'フォーム分類', fields: { name: '名称', sort: '並び順', remark: '備考' } },
  },
  place: { group: 'category', order: 70, icon: 'IconForms' },
});
