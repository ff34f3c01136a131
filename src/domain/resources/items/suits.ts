import { bool, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Kits (套件): items sold or shipped together under one code, e.g. a product with its fittings. */
export const suits = resource({
  name: 'suits', api: '/suits', kind: 'master', menu: ['/suits/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name',
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    item_ids: refs('items', { required: true, max: 50 }),
    customer_id: ref('customers'),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'item_ids', 'customer_id', 'active'],
  sort: 'code',
});
