import { money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * An item as one customer knows it: the customer's own code and name for it, and the agreed price. Orders and
 * delivery notes print the customer's code. One row per customer and item (the natural key).
 */
export const customeritems = resource({
  name: 'customeritems', api: '/items/customeritems', kind: 'master', menu: ['/customeritems/list'],
  naturalKey: ['customer_id', 'item_id'], search: ['customer_code', 'customer_item_name'], display: 'customer_code',
  fields: {
    customer_id: ref('customers', { required: true }),
    item_id: ref('items', { required: true }),
    customer_code: text({ required: true, max: 64 }),
    customer_item_name: text({ max: 200 }),
    price: money(),
    remark: text({ max: 500 }),
  },
  list: ['customer_id', 'item_id', 'customer_code', 'customer_item_name', 'price'],
  sort: 'customer_code',
});
