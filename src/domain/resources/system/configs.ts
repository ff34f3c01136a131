import { bool, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Named settings. `safe` ones are readable by anyone through `/accounts/configslist_safe/` (the login page shows the
 * software name and logo before anybody has logged in), so only an admin-level role should be able to flip it.
 */
export const configs = resource({
  name: 'configs', api: '/configs', kind: 'master', menu: ['/configs/list'],
  naturalKey: ['name'], search: ['name', 'remark'], display: 'name',
  labels: {
    zh: { name: '系统参数', fields: { name: '参数名', values: '参数值', safe: '登录前可读', remark: '备注' } },
    en: { name: 'System settings', menu: 'Parameters', fields: { name: 'Setting', values: 'Value',
      safe: 'Readable before login', remark: 'Remarks' } },
    es: { name: 'Parámetros del sistema', menu: 'Parámetros', fields: { name: 'Parámetro', values: 'Valor',
      safe: 'Visible antes de iniciar sesión', remark: 'Observaciones' } },
    ja: { name: 'システム設定', menu: 'パラメータ', fields: { name: '設定名', values: '設定値', safe: 'ログイン前に参照可', remark: '備考' } },
  },
  place: { group: 'system', order: 10, icon: 'IconAdjustments' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    values: text({ max: 65536, multiline: true }),
    safe: bool({ default: false }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'values', 'safe', 'remark'],
  sort: 'name',
});
