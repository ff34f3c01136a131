import { bool, json, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Semi-finished parts (子物料): what one work node makes on the way to an item, stocked between nodes. `item_id` is
 * the product it goes into, `worknode_id` the node that makes it.
 */
export const subitems = resource({
  name: 'subitems', api: '/subitems', kind: 'master', menu: ['/subitems/list'],
  naturalKey: ['code'], search: ['code', 'name', 'spec'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    spec: text({ max: 200 }),
    item_id: ref('items'),
    worknode_id: ref('worknodes'),
    unit: text({ max: 20 }),
    weight: number({ scale: 4, unit: 'kg', min: 0 }),
    props: json({ maxBytes: 16 * 1024 }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'spec', 'item_id', 'worknode_id', 'unit', 'weight', 'active'],
  sort: 'code',
});
