import { bool, int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Stock status (qualified, pending inspection, frozen …). The spec has edit and create screens only. */
export const warestatus = resource({
  name: 'warestatus', api: '/warehouses/warestatus', kind: 'master', menu: ['/warestatus/create'],
  naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
  fields: {
    name: text({ required: true, max: 50, unique: true }),
    color: text({ max: 30 }),
    available: bool({ default: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'color', 'available', 'sort'],
  sort: 'sort',
});
