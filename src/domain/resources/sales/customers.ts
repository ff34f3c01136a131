import { bool, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Customers, each looked after by a salesperson (`saler_id`, the owner: a role scoped to its own rows sees only the
 * customers of its person). `name_ok` marks a name checked against the licence; `bank_account` is the account it pays from. Offline, so a salesperson on the road
 * has their customers at hand.
 */
export const customers = resource({
  name: 'customers', api: '/customers', kind: 'master', menu: ['/customers/list'],
  naturalKey: ['name'], search: ['name', 'code', 'short_name', 'contact', 'phone'], display: 'name', pageSize: 50,
  owner: 'saler_id', offline: true,
  labels: {
    zh: { name: '客户', fields: { name: '客户名称', code: '客户编码', short_name: '简称', category_id: '类别', saler_id: '业务员',
      name_ok: '名称已核对', contact: '联系人', phone: '电话', address: '地址', remark: '备注', bank_account: '付款账号' } },
    en: { name: 'Customers', fields: { name: 'Customer name', code: 'Customer code', short_name: 'Short name',
      category_id: 'Category', saler_id: 'Salesperson', name_ok: 'Name verified', contact: 'Contact', phone: 'Phone',
      address: 'Address', remark: 'Remarks', bank_account: 'Paying bank account' } },
    es: { name: 'Clientes', fields: { name: 'Nombre del cliente', code: 'Código de cliente',
      short_name: 'Nombre corto', category_id: 'Categoría', saler_id: 'Vendedor', name_ok: 'Nombre verificado',
      contact: 'Contacto', phone: 'Teléfono', address: 'Dirección', remark: 'Observaciones', bank_account: 'Cuenta bancaria de pago' } },
    ja: { name: '顧客', fields: { name: '顧客名', code: '顧客コード', short_name: '略称', category_id: '分類', saler_id: '営業担当',
      name_ok: '名称確認済み', contact: '担当者', phone: '電話番号', address: '住所', remark: '備考', bank_account: '振込元口座' } },
  },
  place: { group: 'sales', order: 70, icon: 'IconAddressBook' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    code: text({ max: 40, unique: true }),
    short_name: text({ max: 50 }),
    category_id: ref('customercategories'),
    saler_id: ref('persons'),
    name_ok: bool({ default: false }),
    contact: text({ max: 50 }),
    phone: text({ max: 40 }),
    address: text({ max: 300 }),
    remark: text({ max: 500 }),
    // The account the customer pays from: a bank statement line from it is proposed for this customer (decision 251).
    bank_account: text({ max: 64 }),
  },
  list: ['code', 'name', 'short_name', 'category_id', 'saler_id', 'contact', 'phone', 'name_ok'],
  sort: 'code',
});
