import { bool, json, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Materials, semi-finished and finished products. Up to three units (main, secondary, third) as order lines use
 * them; `props` holds the dynamic property columns (spec §9 order).
 */
export const items = resource({
  name: 'items', api: '/items', kind: 'master', menu: ['/items/list'],
  naturalKey: ['code'], search: ['code', 'name', 'spec'], display: 'name', offline: true,
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    spec: text({ max: 200 }),
    category_id: ref('itemcategories'),
    unit: text({ max: 20 }),
    unit2: text({ max: 20 }),
    unit3: text({ max: 20 }),
    weight: number({ scale: 4, unit: 'kg', min: 0 }),
    price: money(),
    workflow_id: ref('workflows'),
    props: json({ maxBytes: 16 * 1024 }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'spec', 'category_id', 'unit', 'unit2', 'weight', 'price', 'workflow_id', 'active'],
  sort: 'code',
});
