import { int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Categories of formulas (recipes of the formula module, spec §2 categories). */
export const formulacategories = resource({
  name: 'formulacategories', api: '/formulas/categories', kind: 'master', menu: ['/formulacategories/list'],
  naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    sort: int({ default: 0 }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'sort', 'remark'],
  sort: 'sort',
});
