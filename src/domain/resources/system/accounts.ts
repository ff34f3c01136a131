import { bool, password, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Login accounts. A person may have one; roles decide which menus and APIs it reaches. */
export const accounts = resource({
  name: 'accounts', api: '/accounts', kind: 'master', menu: ['/accounts/list'],
  naturalKey: ['username'], search: ['username', 'name'], display: 'name',
  fields: {
    username: text({ required: true, max: 50, unique: true }),
    name: text({ required: true, max: 50 }),
    password: password(),
    role_ids: refs('roles', { max: 20 }),
    person_id: ref('persons'),
    avatar: text({ max: 500, format: 'image' }),
    introduction: text({ max: 500 }),
    active: bool({ default: true }),
  },
  list: ['username', 'name', 'role_ids', 'person_id', 'active'],
  sort: 'username',
});
