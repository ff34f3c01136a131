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
import type { Behaviour } from './types';

/**
 * The server-side behaviour of each resource that has one (types.ts), by resource name. A resource not named here is
 * plain data: the generic endpoints are all it needs.
 *
 * write.ts imports this file, so a behaviour — and whatever it calls — never imports write.ts back: the steps it
 * shares with the generic writes (history, derived values, system updates) come from ../write-primitives (no import
 * cycle: ipos/no-cycle, eslint.config.js).
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

export function behaviourOf(name: string): Behaviour | undefined {
  return BEHAVIOURS[name];
}
