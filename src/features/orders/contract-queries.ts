import { MAX_PAGE, type ListQuery } from '../../domain/contract/list';
import type { contractlines } from '../../domain/resources/sales/contractlines';
import type { contracts } from '../../domain/resources/sales/contracts';
import { USABLE_CONTRACT_STATUSES } from '../../domain/rules/contracts';

/**
 * The contracts an order of `customerId` dated `day` may name (decision 257): the customer's, active or expired, valid
 * that day — the server checks the same when the order is saved. At most 50 (a customer holds a few).
 */
export function usableContractsQuery(customerId: number, day: string): ListQuery<typeof contracts> {
  return {
    limit: 50, sort: ['-valid_from', '-id'],
    filter: [
      { field: 'customer_id', op: 'eq', value: customerId },
      { field: 'status', op: 'in', value: [...USABLE_CONTRACT_STATUSES] },
      { field: 'valid_from', op: 'lte', value: day },
      { field: 'valid_to', op: 'gte', value: day },
      { field: 'canceled', op: 'eq', value: false },
    ],
  };
}

/** The live lines of a contract in line order. */
export function contractLinesQuery(contractId: number): ListQuery<typeof contractlines> {
  return { limit: MAX_PAGE, sort: ['line_no', 'id'], filter: [{ field: 'canceled', op: 'eq', value: false }], extra: { contract_id: contractId } };
}
