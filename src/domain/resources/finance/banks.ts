import { bool, enumOf, money, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** The factory's bank accounts, which receipts and payments go through (spec §2 finance). */
export const banks = resource({
  name: 'banks', api: '/banks', kind: 'master', menu: ['/banks/list'],
  naturalKey: ['name'], search: ['name', 'bank_name', 'account_no'], display: 'name',
  labels: {
    zh: { name: '银行账户', fields: { name: '账户名称', bank_name: '开户行', account_no: '账号', currency: '币种',
      opening_balance: '期初余额', active: '启用', remark: '备注' },
      enums: { currency: { CNY: '人民币', USD: '美元', EUR: '欧元', JPY: '日元' } } },
    en: { name: 'Bank accounts', fields: { name: 'Account name', bank_name: 'Bank', account_no: 'Account no.',
      currency: 'Currency', opening_balance: 'Opening balance', active: 'Active', remark: 'Remark' },
      enums: { currency: { CNY: 'Yuan (CNY)', USD: 'US dollar', EUR: 'Euro', JPY: 'Yen' } } },
    es: { name: 'Cuentas bancarias', fields: { name: 'Nombre de la cuenta', bank_name: 'Banco',
      account_no: 'Número de cuenta', currency: 'Moneda', opening_balance: 'Saldo inicial', active: 'Activa',
      remark: 'Observaciones' },
      enums: { currency: { CNY: 'Yuan (CNY)', USD: 'Dólar', EUR: 'Euro', JPY: 'Yen' } } },
    ja: { name: '銀行口座', fields: { name: '口座名', bank_name: '銀行', account_no: '口座番号', currency: '通貨',
      opening_balance: '期首残高', active: '有効', remark: '備考' },
      enums: { currency: { CNY: '人民元', USD: '米ドル', EUR: 'ユーロ', JPY: '日本円' } } },
  },
  place: { group: 'finance', order: 190, icon: 'IconBuildingBank' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    bank_name: text({ max: 100 }),
    account_no: text({ max: 64, sensitive: true }),
    currency: enumOf(['CNY', 'USD', 'EUR', 'JPY'], { required: true, default: 'CNY' }),
    // An account may open overdrawn.
    opening_balance: money({ default: 0, sum: true, signed: true }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['name', 'bank_name', 'account_no', 'currency', 'opening_balance', 'active'],
  sort: 'name',
});
