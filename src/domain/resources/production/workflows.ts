import { ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A route through the work nodes, in order; a product family's cards follow it. */
export const workflows = resource({
  name: 'workflows', api: '/workflows/workflows', kind: 'master', menu: ['/workflows/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    worknode_ids: refs('worknodes', { required: true, max: 100 }),
    category_id: ref('itemcategories'),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'worknode_ids', 'category_id'],
  sort: 'code',
});
