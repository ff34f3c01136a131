import { bool, text, texts } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A role is a named set of menu paths; `is_admin` grants everything (DESIGN §5). */
export const roles = resource({
  name: 'roles', api: '/roles', kind: 'master', menu: ['/roles/list'], listAliases: ['/accounts/roleslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name',
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 50 }),
    is_admin: bool({ default: false }),
    menus: texts({ maxItems: 2000, maxLength: 200 }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'is_admin', 'remark'],
  sort: 'id',
});
