import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const personcategories = resource({
  name: 'personcategories', api: '/personcategories', kind: 'master', menu: ['/personcategories/list'],
  listAliases: ['/persons/categories/list/'],
  naturalKey: ['name'], search: ['name'], display: 'name',
  labels: {
    zh: { name: '人员类别', fields: { name: '类别名称', sort: '排序' } },
    en: { name: 'Employee categories', menu: 'Staff categories', fields: { name: 'Category name', sort: 'Order' } },
    es: { name: 'Categorías de personal', fields: { name: 'Nombre de la categoría', sort: 'Orden' } },
    ja: { name: '従業員区分', menu: '人員区分', fields: { name: '区分名', sort: '表示順' } },
  },
  place: { group: 'people', order: 50, icon: 'IconCategory' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'sort'],
  sort: 'sort',
});
