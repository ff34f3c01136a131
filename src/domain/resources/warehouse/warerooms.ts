import { ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const warerooms = resource({
  name: 'warerooms', api: '/warehouses/rooms', kind: 'master', menu: ['/warerooms/list'],
  listAliases: ['/warehouses/roomslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '库房', fields: { warehouse_id: '仓库', code: '库房编码', name: '库房名称' } },
    en: { name: 'Storerooms', fields: { warehouse_id: 'Warehouse', code: 'Storeroom code', name: 'Storeroom name' } },
    es: { name: 'Salas de almacén', fields: { warehouse_id: 'Almacén', code: 'Código de sala',
      name: 'Nombre de la sala' } },
    ja: { name: '保管室', fields: { warehouse_id: '倉庫', code: '保管室コード', name: '保管室名' } },
  },
  place: { group: 'system', order: 130, icon: 'IconDoor' },
  fields: {
    warehouse_id: ref('warehouses', { required: true }),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
  },
  list: ['warehouse_id', 'code', 'name'],
  sort: 'code',
});
