import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const shelves = resource({
  name: 'shelves', api: '/warehouses/shelves', kind: 'master', menu: ['/shelves/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '货架', fields: { position_id: '库位', code: '货架编码', name: '货架名称', levels: '层数' } },
    en: { name: 'Shelves', fields: { position_id: 'Storage location', code: 'Shelf code', name: 'Shelf name',
      levels: 'Levels' } },
    es: { name: 'Estanterías', fields: { position_id: 'Ubicación', code: 'Código de estantería',
      name: 'Nombre de la estantería', levels: 'Niveles' } },
    ja: { name: '棚', fields: { position_id: 'ロケーション', code: '棚コード', name: '棚名', levels: '段数' } },
  },
  place: { group: 'system', order: 210, icon: 'IconLayoutRows' },
  fields: {
    position_id: ref('warepositions', { required: true }),
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    levels: int({ min: 1, max: 100, default: 1 }),
  },
  list: ['position_id', 'code', 'name', 'levels'],
  sort: 'code',
});
