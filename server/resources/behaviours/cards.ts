import type { Behaviour } from './types';

/** The server rules of `cards` (src/domain/resources/orders/cards.ts). */
export const cardsBehaviour: Behaviour = {};
