import { bool, date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Everyone who works in the factory. `card_no` is the badge a kiosk reads; `is_saler` marks salespeople. */
export const persons = resource({
  name: 'persons', api: '/persons', kind: 'master', menu: ['/persons/list'],
  naturalKey: ['code'], search: ['code', 'name', 'card_no', 'phone'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 50 }),
    card_no: text({ max: 64, unique: true }),
    department_id: ref('departments'),
    category_id: ref('personcategories'),
    gender: enumOf(['male', 'female']),
    phone: text({ max: 40 }),
    entry_date: date(),
    is_saler: bool({ default: false }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'card_no', 'department_id', 'category_id', 'phone', 'is_saler', 'active'],
  sort: 'code',
});
