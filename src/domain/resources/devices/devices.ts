import { date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Production machines. Their status feeds /devices/list_status. */
export const devices = resource({
  name: 'devices', api: '/devices', kind: 'master', menu: ['/devices/list', '/devices/list_status'],
  naturalKey: ['code'], search: ['code', 'name', 'model'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    model: text({ max: 100 }),
    worknode_id: ref('worknodes'),
    status: enumOf(['running', 'idle', 'fault', 'maintenance', 'off'], { required: true, default: 'idle' }),
    location: text({ max: 200 }),
    purchase_date: date(),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'model', 'worknode_id', 'status', 'location'],
  sort: 'code',
});
