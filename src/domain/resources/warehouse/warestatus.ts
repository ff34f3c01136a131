import { bool, int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Stock status (qualified, pending inspection, frozen …). The spec has edit and create screens only. */
export const warestatus = resource({
  name: 'warestatus', api: '/warehouses/warestatus', kind: 'master', menu: ['/warestatus/create'],
  naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
  labels: {
    zh: { name: '库存状态', fields: { name: '状态名称', color: '颜色', available: '可用', sort: '排序' } },
    en: { name: 'Stock statuses', fields: { name: 'Status name', color: 'Color', available: 'Available', sort: 'Order' } },
    es: { name: 'Estados de stock', fields: { name: 'Nombre del estado', color: 'Color', available: 'Disponible',
      sort: 'Orden' } },
    ja: { name: '在庫ステータス', fields: { name: 'ステータス名', color: '色', available: '引当可能', sort: '表示順' } },
  },
  place: { group: 'system', order: 160, icon: 'IconToggleRight' },
  fields: {
    name: text({ required: true, max: 50, unique: true }),
    color: text({ max: 30 }),
    available: bool({ default: true }),
    sort: int({ default: 0 }),
  },
  list: ['name', 'color', 'available', 'sort'],
  sort: 'sort',
});
