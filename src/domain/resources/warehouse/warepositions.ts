import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A storage position inside a room; `x`/`y` place it on the warehouse's position map. */
export const warepositions = resource({
  name: 'warepositions', api: '/warehouses/positions', kind: 'master', menu: ['/warepositions/list'],
  listAliases: ['/warehouses/positionslist/'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '库位', fields: { warehouse_id: '仓库', room_id: '库房', code: '库位编码', name: '库位名称', x: 'X 坐标', y: 'Y 坐标' } },
    en: { name: 'Storage locations', menu: 'Locations', fields: { warehouse_id: 'Warehouse', room_id: 'Storeroom',
      code: 'Location code', name: 'Location name', x: 'X coordinate', y: 'Y coordinate' } },
    es: { name: 'Ubicaciones', fields: { warehouse_id: 'Almacén', room_id: 'Sala de almacén',
      code: 'Código de ubicación', name: 'Nombre de la ubicación', x: 'Coordenada X', y: 'Coordenada Y' } },
    ja: { name: 'ロケーション', fields: { warehouse_id: '倉庫', room_id: '保管室', code: 'ロケーションコード', name: 'ロケーション名', x: 'X座標',
      y: 'Y座標' } },
  },
  place: { group: 'system', order: 180, icon: 'IconMapPin' },
  fields: {
    warehouse_id: ref('warehouses', { required: true }),
    room_id: ref('warerooms'),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    x: int(),
    y: int(),
  },
  list: ['warehouse_id', 'room_id', 'code', 'name'],
  sort: 'code',
});
