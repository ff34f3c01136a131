import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const shelves = resource({
  name: 'shelves', api: '/warehouses/shelves', kind: 'master', menu: ['/shelves/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    position_id: ref('warepositions', { required: true }),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    levels: int({ min: 1, max: 100, default: 1 }),
  },
  list: ['position_id', 'code', 'name', 'levels'],
  sort: 'code',
});
