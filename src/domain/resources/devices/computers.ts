import { datetime, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Kiosk PCs and tablets on the shop floor: the device identity behind every swipe and inspection they sync.
 * `last_seen` is written by the server when the device talks to it.
 */
export const computers = resource({
  name: 'computers', api: '/computers', kind: 'master', menu: ['/computers/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 100 }),
    worknode_ids: refs('worknodes', { max: 50 }),
    device_id: ref('devices'),
    ip: text({ max: 64 }),
    last_seen: datetime({ readOnly: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'worknode_ids', 'device_id', 'ip', 'last_seen'],
  sort: 'code',
});
