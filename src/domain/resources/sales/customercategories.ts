import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const customercategories = resource({
  name: 'customercategories', api: '/customercategories', kind: 'master', menu: ['/customercategories/list'],
  naturalKey: ['name'], search: ['name'], display: 'name',
  labels: {
    zh: { name: '客户类别', menu: '客户分类', fields: { name: '类别名称', sort: '排序' } },
    en: { name: 'Customer categories', fields: { name: 'Category name', sort: 'Order' } },
    es: { name: 'Categorías de clientes', fields: { name: 'Nombre de la categoría', sort: 'Orden' } },
    ja: { name: '顧客分類', fields: { name: '分類名', sort: '表示順' } },
  },
  place: { group: 'sales', order: 40, icon: 'IconCategory' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'sort'],
  sort: 'sort',
});
