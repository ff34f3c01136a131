import type { Behaviour } from './types';

/** The server rules of `details` (src/domain/resources/orders/details.ts). */
export const detailsBehaviour: Behaviour = {};
