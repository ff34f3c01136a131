import type { Behaviour } from './types';

/** The server rules of `cardnodes` (src/domain/resources/orders/cardnodes.ts). */
export const cardnodesBehaviour: Behaviour = {};
