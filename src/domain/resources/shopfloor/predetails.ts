import { inspectionResource } from './inspection';

/** Semi-finished inspections (半成品检验明细), made by `precheck` facts (docs/shopfloor.md). */
export const predetails = inspectionResource('predetails', {
  api: '/warehouses/predetails', menu: '/predetails/list',
  names: { zh: '半成品检验', en: 'Semi-finished inspections', es: 'Revisión de semiacabados', ja: '半製品検査' },
  place: { group: 'semi', order: 50, icon: 'IconList' },
});
