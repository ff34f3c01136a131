import { text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const suppliers = resource({
  name: 'suppliers', api: '/suppliers', kind: 'master', menu: ['/suppliers/list'],
  naturalKey: ['name'], search: ['name', 'code', 'contact', 'phone'], display: 'name',
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    code: text({ max: 40, unique: true }),
    contact: text({ max: 50 }),
    phone: text({ max: 40 }),
    address: text({ max: 300 }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'contact', 'phone', 'address'],
  sort: 'code',
});
