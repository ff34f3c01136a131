import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const departments = resource({
  name: 'departments', api: '/departments', kind: 'master', menu: ['/departments/list'],
  naturalKey: ['name'], search: ['code', 'name'], display: 'name',
  fields: {
    code: text({ max: 40, unique: true }),
    name: text({ required: true, max: 100, unique: true }),
    parent_id: ref('departments'),
    manager_id: ref('persons'),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'parent_id', 'manager_id', 'sort'],
  sort: 'sort',
});
