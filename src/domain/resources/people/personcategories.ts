import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const personcategories = resource({
  name: 'personcategories', api: '/personcategories', kind: 'master', menu: ['/personcategories/list'],
  listAliases: ['/persons/categories/list/'],
  naturalKey: ['name'], search: ['name'], display: 'name',
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'sort'],
  sort: 'sort',
});
