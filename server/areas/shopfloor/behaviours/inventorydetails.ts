import { inspectionBehaviour } from './predetails';

/** Finished-goods inspections (成品检验): the rules of both inspections (predetails.ts). */
export const inventorydetailsBehaviour = inspectionBehaviour('inventorydetail_id');
