import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const customercategories = resource({
  name: 'customercategories', api: '/customercategories', kind: 'master', menu: ['/customercategories/list'],
  naturalKey: ['name'], search: ['name'], display: 'name',
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'sort'],
  sort: 'sort',
});
