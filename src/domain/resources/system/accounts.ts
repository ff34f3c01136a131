import { bool, password, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Login accounts. A person may have one; roles decide which menus and APIs it reaches. */
export const accounts = resource({
  name: 'accounts', api: '/accounts', kind: 'master', menu: ['/accounts/list'],
  naturalKey: ['username'], search: ['username', 'name'], display: 'name',
  labels: {
    zh: { name: '账号', fields: { username: '用户名', name: '姓名', password: '密码', role_ids: '角色', person_id: '人员',
      avatar: '头像', introduction: '简介', active: '启用' } },
    en: { name: 'Accounts', fields: { username: 'Username', name: 'Name', password: 'Password', role_ids: 'Roles',
      person_id: 'Employee', avatar: 'Avatar', introduction: 'Introduction', active: 'Active' } },
    es: { name: 'Cuentas', fields: { username: 'Usuario', name: 'Nombre', password: 'Contraseña', role_ids: 'Roles',
      person_id: 'Empleado', avatar: 'Avatar', introduction: 'Presentación', active: 'Activa' } },
    ja: { name: 'アカウント', fields: { username: 'ユーザー名', name: '氏名', password: 'パスワード', role_ids: 'ロール',
      person_id: '従業員', avatar: 'アバター', introduction: '自己紹介', active: '有効' } },
  },
  place: { group: 'system', order: 420, icon: 'IconUserCog' },
  fields: {
    // Also unique without regard to case (index accounts_username_lower_key, migration 0005): logins match it so.
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
