import { categoryResource } from './category';

/** Categories of formulas (recipes of the formula module, spec §2 categories). */
export const formulacategories = categoryResource('formulacategories', '/formulas/categories', {
  labels: {
    zh: { name: '配方分类', fields: { name: '名称', sort: '排序', remark: '备注' } },
    en: { name: 'Formula categories', fields: { name: 'Name', sort: 'Order', remark: 'Remark' } },
    es: { name: 'Categorías de fórmulas', fields: { name: 'Nombre', sort: 'Orden', remark: 'Observaciones' } },
    ja: { name: '配合分類', fields: { name: '名称', sort: '並び順', remark: '備考' } },
  },
  place: { group: 'category', order: 100, icon: 'IconFlask' },
});
