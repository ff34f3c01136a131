import { bool, enumOf, money, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** The factory's bank accounts, which receipts and payments go through (spec §2 finance). */
export const banks = resource({
  name: 'banks', api: '/banks', kind: 'master', menu: ['/banks/list'],
  naturalKey: ['name'], search: ['name', 'bank_name', 'account_no'], display: 'name',
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    bank_name: text({ max: 100 }),
    account_no: text({ max: 64 }),
    currency: enumOf(['CNY', 'USD', 'EUR', 'JPY'], { required: true, default: 'CNY' }),
    opening_balance: money({ default: 0 }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'bank_name', 'account_no', 'currency', 'opening_balance', 'active'],
  sort: 'name',
});
