import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A user's favourite menu entries; the sidebar offers them instead of the full menu when there are more than 4. */
export const favmenus = resource({
  name: 'favmenus', api: '/favmenus', kind: 'master', menu: ['/favmenus/list'],
  search: ['path', 'title'], display: 'title',
  fields: {
    account_id: ref('accounts', { required: true }),
    path: text({ required: true, max: 200 }),
    title: text({ max: 100 }),
    icon: text({ max: 100 }),
    color: text({ max: 30 }),
    sort: int({ default: 0 }),
  },
  list: ['account_id', 'path', 'title', 'sort'],
  sort: 'sort',
});
