import { enumOf, json, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A warehouse; `position_map` lays its positions out for the stock screens. */
export const warehouses = resource({
  name: 'warehouses', api: '/warehouses', kind: 'master', menu: ['/warehouses/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '仓库', menu: '仓库设置', fields: { code: '仓库编码', name: '仓库名称', kind: '仓库类型', manager_id: '负责人',
      address: '地址', position_map: '库位图' },
      enums: { kind: { material: '原材料仓', semi: '半成品仓', finished: '成品仓', other: '其他' } } },
    en: { name: 'Warehouses', fields: { code: 'Warehouse code', name: 'Warehouse name', kind: 'Warehouse type',
      manager_id: 'Manager', address: 'Address', position_map: 'Location map' },
      enums: { kind: { material: 'Raw materials', semi: 'Semi-finished goods', finished: 'Finished goods', other: 'Other' } } },
    es: { name: 'Almacenes', fields: { code: 'Código de almacén', name: 'Nombre del almacén',
      kind: 'Tipo de almacén', manager_id: 'Responsable', address: 'Dirección', position_map: 'Mapa de ubicaciones' },
      enums: { kind: { material: 'Materias primas', semi: 'Semielaborados', finished: 'Producto terminado', other: 'Otro' } } },
    ja: { name: '倉庫', menu: '倉庫マスタ', fields: { code: '倉庫コード', name: '倉庫名', kind: '倉庫種別', manager_id: '責任者',
      address: '住所', position_map: 'ロケーション図' },
      enums: { kind: { material: '原材料倉庫', semi: '仕掛品倉庫', finished: '製品倉庫', other: 'その他' } } },
  },
  place: { group: 'system', order: 100, icon: 'IconBuildingWarehouse' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    kind: enumOf(['material', 'semi', 'finished', 'other'], { required: true, default: 'material' }),
    manager_id: ref('persons'),
    address: text({ max: 300 }),
    position_map: json({ maxBytes: 256 * 1024 }),
  },
  list: ['code', 'name', 'kind', 'manager_id', 'address'],
  sort: 'code',
});
