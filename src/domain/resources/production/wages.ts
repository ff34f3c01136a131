import { date, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Piece rates (工价): what a work node pays per unit of an item (or of every item of a category when no item is
 * named). Piece work of the production core multiplies reported quantities by the rate valid on the report's date.
 */
export const wages = resource({
  name: 'wages', api: '/wages', kind: 'master', menu: ['/wages/list'],
  naturalKey: ['worknode_id', 'item_id', 'valid_from'], search: ['remark'], display: 'remark', offline: true,
  fields: {
    worknode_id: ref('worknodes', { required: true }),
    item_id: ref('items'),
    category_id: ref('itemcategories'),
    price: money({ required: true }),
    unit: text({ max: 20 }),
    valid_from: date(),
    remark: text({ max: 200 }),
  },
  list: ['worknode_id', 'item_id', 'category_id', 'price', 'unit', 'valid_from', 'remark'],
  sort: 'worknode_id',
});
