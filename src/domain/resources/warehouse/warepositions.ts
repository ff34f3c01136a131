import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A storage position inside a room; `x`/`y` place it on the warehouse's position map. */
export const warepositions = resource({
  name: 'warepositions', api: '/warehouses/positions', kind: 'master', menu: ['/warepositions/list'],
  listAliases: ['/warehouses/positionslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    warehouse_id: ref('warehouses', { required: true }),
    room_id: ref('warerooms'),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    x: int(),
    y: int(),
  },
  list: ['warehouse_id', 'room_id', 'code', 'name'],
  sort: 'code',
});
