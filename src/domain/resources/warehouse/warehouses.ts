import { enumOf, json, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A warehouse; `position_map` lays its positions out for the stock screens. */
export const warehouses = resource({
  name: 'warehouses', api: '/warehouses', kind: 'master', menu: ['/warehouses/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    kind: enumOf(['material', 'semi', 'finished', 'other'], { required: true, default: 'material' }),
    manager_id: ref('persons'),
    address: text({ max: 300 }),
    position_map: json({ maxBytes: 256 * 1024 }),
  },
  list: ['code', 'name', 'kind', 'manager_id', 'address'],
  sort: 'code',
});
