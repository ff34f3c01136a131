import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const itemcategories = resource({
  name: 'itemcategories', api: '/itemcategories', kind: 'master', menu: ['/itemcategories/list'],
  naturalKey: ['name'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '物料类别', menu: '物料分类', fields: { code: '类别编码', name: '类别名称', parent_id: '上级类别', sort: '排序' } },
    en: { name: 'Item categories', fields: { code: 'Category code', name: 'Category name',
      parent_id: 'Parent category', sort: 'Order' } },
    es: { name: 'Categorías de artículos', fields: { code: 'Código de categoría', name: 'Nombre de la categoría',
      parent_id: 'Categoría superior', sort: 'Orden' } },
    ja: { name: '品目分類', fields: { code: '分類コード', name: '分類名', parent_id: '上位分類', sort: '表示順' } },
  },
  place: { group: 'category', order: 10, icon: 'IconBox' },
  fields: {
    code: text({ max: 40, unique: true }),
    name: text({ required: true, max: 100, unique: true }),
    parent_id: ref('itemcategories'),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'parent_id', 'sort'],
  sort: 'sort',
});
