import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Categories of forms (inspection and OA forms, spec §2 categories). */
export const formcategories = resource({
  name: 'formcategories', api: '/forms/categories', kind: 'master', menu: ['/formcategories/list'],
  naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'sort', 'remark'],
  sort: 'sort',
});
