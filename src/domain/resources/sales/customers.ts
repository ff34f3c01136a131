import { bool, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Customers, each looked after by a salesperson (`saler_id`). `name_ok` marks a name checked against the licence. */
export const customers = resource({
  name: 'customers', api: '/customers', kind: 'master', menu: ['/customers/list'],
  naturalKey: ['name'], search: ['name', 'code', 'short_name', 'contact', 'phone'], display: 'name', pageSize: 50,
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    code: text({ max: 40, unique: true }),
    short_name: text({ max: 50 }),
    category_id: ref('customercategories'),
    saler_id: ref('persons'),
    name_ok: bool({ default: false }),
    contact: text({ max: 50 }),
    phone: text({ max: 40 }),
    address: text({ max: 300 }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'short_name', 'category_id', 'saler_id', 'contact', 'phone', 'name_ok'],
  sort: 'code',
});
