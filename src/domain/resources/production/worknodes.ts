import { bool, int, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A work node: one step of production where cards are swiped (cutting, printing, inspection …). */
export const worknodes = resource({
  name: 'worknodes', api: '/workflows/worknodes', kind: 'master', menu: ['/worknodes/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    department_id: ref('departments'),
    unit: text({ max: 20 }),
    piece_rate: money(),
    is_inspection: bool({ default: false }),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'department_id', 'unit', 'piece_rate', 'is_inspection', 'sort'],
  sort: 'sort',
});
