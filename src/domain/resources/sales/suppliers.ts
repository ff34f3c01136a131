import { text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const suppliers = resource({
  name: 'suppliers', api: '/suppliers', kind: 'master', menu: ['/suppliers/list'],
  naturalKey: ['name'], search: ['name', 'code', 'contact', 'phone'], display: 'name',
  labels: {
    zh: { name: '供应商', fields: { name: '供应商名称', code: '供应商编码', contact: '联系人', phone: '电话', address: '地址',
      remark: '备注' } },
    en: { name: 'Suppliers', fields: { name: 'Supplier name', code: 'Supplier code', contact: 'Contact',
      phone: 'Phone', address: 'Address', remark: 'Remarks' } },
    es: { name: 'Proveedores', fields: { name: 'Nombre del proveedor', code: 'Código de proveedor',
      contact: 'Contacto', phone: 'Teléfono', address: 'Dirección', remark: 'Observaciones' } },
    ja: { name: '仕入先', fields: { name: '仕入先名', code: '仕入先コード', contact: '担当者', phone: '電話番号', address: '住所',
      remark: '備考' } },
  },
  place: { group: 'supplier', order: 10, icon: 'IconTruck' },
  fields: {
    name: text({ required: true, max: 100, unique: true }),
    code: text({ max: 40, unique: true }),
    contact: text({ max: 50 }),
    phone: text({ max: 40 }),
    address: text({ max: 300 }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'contact', 'phone', 'address'],
  sort: 'code',
});
