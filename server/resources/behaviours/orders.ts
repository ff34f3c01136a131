import type { Behaviour } from './types';

/** The server rules of `orders` (src/domain/resources/orders/orders.ts). */
export const ordersBehaviour: Behaviour = {};
