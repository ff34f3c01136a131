import { ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const warerooms = resource({
  name: 'warerooms', api: '/warehouses/rooms', kind: 'master', menu: ['/warerooms/list'],
  listAliases: ['/warehouses/roomslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    warehouse_id: ref('warehouses', { required: true }),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
  },
  list: ['warehouse_id', 'code', 'name'],
  sort: 'code',
});
