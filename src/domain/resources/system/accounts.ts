import { LANGS } from '../../messages/catalog';
import { bool, enumOf, password, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Login accounts. A person may have one; roles decide which menus and APIs it reaches. */
export const accounts = resource({
  name: 'accounts', api: '/accounts', kind: 'master', menu: ['/accounts/list'],
  naturalKey: ['username'], search: ['username', 'name'], display: 'name',
  labels: {
    zh: { name: '账号', fields: { username: '用户名', name: '姓名', password: '密码', role_ids: '角色', person_id: '人员',
      avatar: '头像', introduction: '简介', active: '启用', language: '语言' },
      enums: { language: { zh: '中文', en: '英语', es: '西班牙语', ja: '日语' } } },
    en: { name: 'Accounts', fields: { username: 'Username', name: 'Name', password: 'Password', role_ids: 'Roles',
      person_id: 'Employee', avatar: 'Avatar', introduction: 'Introduction', active: 'Active', language: 'Language' },
      enums: { language: { zh: 'Chinese', en: 'English', es: 'Spanish', ja: 'Japanese' } } },
    es: { name: 'Cuentas', fields: { username: 'Usuario', name: 'Nombre', password: 'Contraseña', role_ids: 'Roles',
      person_id: 'Empleado', avatar: 'Avatar', introduction: 'Presentación', active: 'Activa', language: 'Idioma' },
      enums: { language: { zh: 'Chino', en: 'Inglés', es: 'Español', ja: 'Japonés' } } },
    ja: { name: 'アカウント', fields: { username: 'ユーザー名', name: '氏名', password: 'パスワード', role_ids: 'ロール',
      person_id: '従業員', avatar: 'アバター', introduction: '自己紹介', active: '有効', language: '言語' },
      enums: { language: { zh: '中国語', en: '英語', es: 'スペイン語', ja: '日本語' } } },
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
    /**
     * The language the account last used the app in (every request of the app names its UI language as `lang`, a
     * transport parameter, hence this field's other name; the session check keeps the latest, server/auth/sessions.ts):
     * the one the server writes this account's messages in. Empty until then (zh).
     */
    language: enumOf(LANGS, { readOnly: true }),
  },
  list: ['username', 'name', 'role_ids', 'person_id', 'active'],
  sort: 'username',
});
