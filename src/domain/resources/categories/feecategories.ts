import { enumOf, int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Categories of fees (income and expense lines of finance, spec §2 categories). */
export const feecategories = resource({
  name: 'feecategories', api: '/fees/categories', kind: 'master', menu: ['/feecategories/list'],
  naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    direction: enumOf(['income', 'expense'], { required: true, default: 'expense' }),
    sort: int({ default: 0 }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'direction', 'sort', 'remark'],
  sort: 'sort',
});
