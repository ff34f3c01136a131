import { bool, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Named settings. `safe` ones are readable by anyone through `/accounts/configslist_safe/` (the login page shows the
 * software name and logo before anybody has logged in), so only an admin-level role should be able to flip it.
 */
export const configs = resource({
  name: 'configs', api: '/configs', kind: 'master', menu: ['/configs/list'],
  naturalKey: ['name'], search: ['name', 'remark'], display: 'name',
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    values: text({ max: 65536, multiline: true }),
    safe: bool({ default: false }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'values', 'safe', 'remark'],
  sort: 'name',
});
