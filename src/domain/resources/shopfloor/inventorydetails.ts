import { inspectionResource } from './inspection';

/** Finished-goods inspections (成品检验明细), made by `inspect` facts (docs/shopfloor.md). */
export const inventorydetails = inspectionResource('inventorydetails', {
  api: '/warehouses/details', menu: '/inventorydetails/list',
  names: { zh: '成品检验', en: 'Finished-goods inspections', es: 'Inspecciones de terminados', ja: '製品検査' },
  place: { group: 'finished', order: 120, icon: 'IconList' },
});
