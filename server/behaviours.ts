import { baddetailsBehaviour } from './areas/shopfloor/behaviours/baddetails';
import { cardnodesBehaviour } from './areas/production/behaviours/cardnodes';
import { devicesBehaviour } from './areas/scheduling/behaviours/devices';
import { dutylogsBehaviour } from './areas/scheduling/behaviours/dutylogs';
import { cardsBehaviour } from './areas/production/behaviours/cards';
import { detailsBehaviour } from './areas/production/behaviours/details';
import { formulamaterialsBehaviour, formulaoperationsBehaviour } from './areas/formulas/behaviours/formula-lines';
import { factsBehaviour } from './areas/shopfloor/behaviours/facts';
import { messagesBehaviour } from './areas/messages/behaviours/messages';
import { formulasBehaviour } from './areas/formulas/behaviours/formulas';
import { formsBehaviour } from './areas/forms/behaviours/forms';
import { formtemplatesBehaviour } from './areas/forms/behaviours/formtemplates';
import { inventorydetailsBehaviour } from './areas/shopfloor/behaviours/inventorydetails';
import { ordersBehaviour } from './areas/production/behaviours/orders';
import { prearrangesBehaviour } from './areas/scheduling/behaviours/prearranges';
import { predetailsBehaviour } from './areas/shopfloor/behaviours/predetails';
import { worksBehaviour } from './areas/piece-work/behaviours/works';
import { workperiodsBehaviour } from './areas/piece-work/behaviours/workperiods';
import { deliveriesBehaviour } from './areas/delivery/behaviours/deliveries';
import { deliverylinesBehaviour } from './areas/delivery/behaviours/deliverylines';
import { deliveryrequestlinesBehaviour } from './areas/delivery/behaviours/deliveryrequestlines';
import { deliveryrequestsBehaviour } from './areas/delivery/behaviours/deliveryrequests';
import { ledgerBehaviour } from './areas/stock/behaviours/ledger';
import { stockdocsBehaviour } from './areas/stock/behaviours/stockdocs';
import { stocklimitsBehaviour } from './areas/stock/behaviours/stocklimits';
import { stocklinesBehaviour } from './areas/stock/behaviours/stocklines';
import { packagesBehaviour } from './areas/delivery/behaviours/packages';
import { billsBehaviour } from './areas/finance/behaviours/bills';
import { billlinesBehaviour } from './areas/finance/behaviours/billlines';
import { finperiodsBehaviour } from './areas/finance/behaviours/finperiods';
import { receiptsBehaviour } from './areas/finance/behaviours/receipts';
import { allocationsBehaviour } from './areas/finance/behaviours/allocations';
import { feesBehaviour } from './areas/finance/behaviours/fees';
import { invoicesBehaviour } from './areas/finance/behaviours/invoices';
import { payoutsBehaviour } from './areas/finance/behaviours/payouts';
import { faqsBehaviour } from './areas/help/behaviours/faqs';
import { contractsBehaviour } from './areas/sales/behaviours/contracts';
import { contractlinesBehaviour } from './areas/sales/behaviours/contractlines';
import { contractfilesBehaviour } from './areas/sales/behaviours/contractfiles';
import { installBehaviours } from './resources/behaviour-registry';
import type { Behaviour } from './resources/behaviour-types';

/**
 * The server-side behaviour of each resource that has one (types.ts), by resource name, installed into the generic
 * machinery (../behaviour-registry.ts) when this file is imported: the composition's business, never the core's. A
 * resource not named here is plain data: the generic endpoints are all it needs. A behaviour — and whatever it calls
 * — takes the steps it shares with the generic writes (history, derived values, system updates) from
 * ../write-primitives.
 */
export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  orders: ordersBehaviour,
  contracts: contractsBehaviour,
  contractlines: contractlinesBehaviour,
  contractfiles: contractfilesBehaviour,
  details: detailsBehaviour,
  cards: cardsBehaviour,
  cardnodes: cardnodesBehaviour,
  formulas: formulasBehaviour,
  formulamaterials: formulamaterialsBehaviour,
  formulaoperations: formulaoperationsBehaviour,
  formtemplates: formtemplatesBehaviour,
  forms: formsBehaviour,
  prearranges: prearrangesBehaviour,
  dutylogs: dutylogsBehaviour,
  works: worksBehaviour,
  devices: devicesBehaviour,
  workperiods: workperiodsBehaviour,
  facts: factsBehaviour,
  predetails: predetailsBehaviour,
  inventorydetails: inventorydetailsBehaviour,
  baddetails: baddetailsBehaviour,
  messages: messagesBehaviour,
  stockdocs: stockdocsBehaviour,
  stocklines: stocklinesBehaviour,
  stocklimits: stocklimitsBehaviour,
  itemlogs: ledgerBehaviour,
  inventory: ledgerBehaviour,
  stocklots: ledgerBehaviour,
  packages: packagesBehaviour,
  bills: billsBehaviour,
  billlines: billlinesBehaviour,
  finperiods: finperiodsBehaviour,
  receipts: receiptsBehaviour,
  allocations: allocationsBehaviour,
  payouts: payoutsBehaviour,
  invoices: invoicesBehaviour,
  fees: feesBehaviour,
  faqs: faqsBehaviour,
  deliveryrequests: deliveryrequestsBehaviour,
  deliveryrequestlines: deliveryrequestlinesBehaviour,
  deliveries: deliveriesBehaviour,
  deliverylines: deliverylinesBehaviour,
};

installBehaviours(BEHAVIOURS);
