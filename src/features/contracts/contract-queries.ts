import { MAX_PAGE, type ListQuery } from '../../domain/contract/list';
import type { contractfiles } from '../../domain/resources/sales/contractfiles';
import type { contractlines } from '../../domain/resources/sales/contractlines';

/** The live lines of a contract in line order (one page holds more lines than a save may carry). */
export function contractLinesQuery(contractId: number): ListQuery<typeof contractlines> {
  return { limit: MAX_PAGE, sort: ['line_no', 'id'], filter: [{ field: 'canceled', op: 'eq', value: false }], extra: { contract_id: contractId } };
}

/** The files of a contract, oldest first. */
export function contractFilesQuery(contractId: number): ListQuery<typeof contractfiles> {
  return { limit: 200, sort: ['id'], extra: { contract_id: contractId } };
}
