import type { Behaviour } from '../../../resources/behaviour-types';
import { workperiodsBehaviour } from '../../piece-work/behaviours/workperiods';

/**
 * The server rules of `finperiods` are the pay months' (a month written `YYYY-MM`; a closed one keeps its name and is
 * not deleted): the same rows, the same rules (decision 218).
 */
export const finperiodsBehaviour: Behaviour = workperiodsBehaviour;
