import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const itemcategories = resource({
  name: 'itemcategories', api: '/itemcategories', kind: 'master', menu: ['/itemcategories/list'],
  naturalKey: ['name'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    code: text({ max: 40, unique: true }),
    name: text({ required: true, max: 100, unique: true }),
    parent_id: ref('itemcategories'),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'parent_id', 'sort'],
  sort: 'sort',
});
