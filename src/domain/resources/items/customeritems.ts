import { money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * An item as one customer knows it: the customer's own code and name for it, and the agreed price. Orders and
 * delivery notes print the customer's code. One row per customer and item (the natural key).
 */
export const customeritems = resource({
  name: 'customeritems', api: '/items/customeritems', kind: 'master', menu: ['/customeritems/list'],
  naturalKey: ['customer_id', 'item_id'], search: ['customer_code', 'customer_item_name'], display: 'customer_code', paging: 'server',
  // An agreed price is its customer's salesperson's: a role scoped to its own customers sees only theirs.
  owner: 'customer_id.saler_id',
  labels: {
    zh: { name: '客户物料', fields: { customer_id: '客户', item_id: '物料', customer_code: '客户料号',
      customer_item_name: '客户品名', price: '单价', remark: '备注' } },
    en: { name: 'Customer items', fields: { customer_id: 'Customer', item_id: 'Item',
      customer_code: 'Customer part no.', customer_item_name: 'Customer item name', price: 'Unit price',
      remark: 'Remark' } },
    es: { name: 'Artículos de cliente', fields: { customer_id: 'Cliente', item_id: 'Artículo',
      customer_code: 'Referencia del cliente', customer_item_name: 'Nombre del cliente', price: 'Precio unitario',
      remark: 'Observaciones' } },
    ja: { name: '顧客品目', fields: { customer_id: '顧客', item_id: '品目', customer_code: '顧客品番',
      customer_item_name: '顧客品名', price: '単価', remark: '備考' } },
  },
  place: { group: 'warehouse', order: 170, icon: 'IconTags' },
  fields: {
    customer_id: ref('customers', { required: true }),
    item_id: ref('items', { required: true }),
    customer_code: text({ required: true, max: 64 }),
    customer_item_name: text({ max: 200 }),
    price: money({ sensitive: true, min: 0 }),
    remark: text({ max: 500 }),
  },
  list: ['customer_id', 'item_id', 'customer_code', 'customer_item_name', 'price'],
  sort: 'customer_code',
});
