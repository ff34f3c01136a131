import { baddetailsBehaviour } from './baddetails';
import { cardnodesBehaviour } from './cardnodes';
import { devicesBehaviour } from './devices';
import { dutylogsBehaviour } from './dutylogs';
import { cardsBehaviour } from './cards';
import { detailsBehaviour } from './details';
import { formulamaterialsBehaviour, formulaoperationsBehaviour } from './formula-lines';
import { factsBehaviour } from './facts';
import { messagesBehaviour } from './messages';
import { formulasBehaviour } from './formulas';
import { inventorydetailsBehaviour } from './inventorydetails';
import { ordersBehaviour } from './orders';
import { prearrangesBehaviour } from './prearranges';
import { predetailsBehaviour } from './predetails';
import { worksBehaviour } from './works';
import { workperiodsBehaviour } from './workperiods';
import { installBehaviours } from '../behaviour-registry';
import type { Behaviour } from './types';

/**
 * The server-side behaviour of each resource that has one (types.ts), by resource name, installed into the generic
 * machinery (../behaviour-registry.ts) when this file is imported: the composition's business, never the core's. A
 * resource not named here is plain data: the generic endpoints are all it needs. A behaviour — and whatever it calls
 * — takes the steps it shares with the generic writes (history, derived values, system updates) from
 * ../write-primitives.
 */
export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  orders: ordersBehaviour,
  details: detailsBehaviour,
  cards: cardsBehaviour,
  cardnodes: cardnodesBehaviour,
  formulas: formulasBehaviour,
  formulamaterials: formulamaterialsBehaviour,
  formulaoperations: formulaoperationsBehaviour,
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
};

installBehaviours(BEHAVIOURS);
