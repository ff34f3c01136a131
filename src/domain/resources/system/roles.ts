import { bool, json, text, texts } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A role is a named set of menu paths (what it sees) and grants (per resource, the actions it may take and its row
 * scope: src/domain/contract/permissions.ts); `is_admin` grants everything (DESIGN §5).
 */
export const roles = resource({
  name: 'roles', api: '/roles', kind: 'master', menu: ['/roles/list'], listAliases: ['/accounts/roleslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name',
  labels: {
    zh: { name: '角色', fields: { code: '角色编码', name: '角色名称', is_admin: '超级管理员', menus: '菜单权限', grants: '操作权限', remark: '备注' } },
    en: { name: 'Roles', fields: { code: 'Role code', name: 'Role name', is_admin: 'Administrator',
      menus: 'Menu permissions', grants: 'Action permissions', remark: 'Remarks' } },
    es: { name: 'Roles', fields: { code: 'Código de rol', name: 'Nombre del rol', is_admin: 'Administrador',
      menus: 'Permisos de menú', grants: 'Permisos de acciones', remark: 'Observaciones' } },
    ja: { name: 'ロール', fields: { code: 'ロールコード', name: 'ロール名', is_admin: '管理者', menus: 'メニュー権限', grants: '操作権限',
      remark: '備考' } },
  },
  place: { group: 'system', order: 390, icon: 'IconShieldLock' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 50 }),
    is_admin: bool({ default: false }),
    menus: texts({ maxItems: 2000, maxLength: 200 }),
    grants: json({ format: 'grants' }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'is_admin', 'remark'],
  sort: 'id',
});
