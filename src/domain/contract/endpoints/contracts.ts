import { contracts } from '../../resources/sales/contracts';
import { endpoint, isRecord } from '../endpoint';
import {
  activateContractParamsSchema, saveContractParamsSchema, terminateContractParamsSchema, type ContractTransitionReply,
  type SaveContractReply,
} from '../contracts';

/** The special calls of contracts (docs/sales-office.md §1; schemas in ../contracts.ts). */

/** The contract and its lines in one transaction; a create is answered once per key. */
export const saveContractWithLines = endpoint<SaveContractReply>()({
  method: 'POST', path: '/contracts/save_with_lines/', params: saveContractParamsSchema,
  access: { resource: contracts, op: 'write' }, idempotent: 'create',
  looksRight: r => isRecord(r) && typeof r.id === 'number' && isRecord(r.dt) && Array.isArray(r.lines),
});

/** A draft contract made active (decision 257); the approval gate comes with approvals (section 4). */
export const activateContract = endpoint<ContractTransitionReply>()({
  method: 'POST', path: '/contracts/activate/', params: activateContractParamsSchema,
  access: { resource: contracts, action: 'activate' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && isRecord(r.dt),
});

/** An active or expired contract ended early with its reason. */
export const terminateContract = endpoint<ContractTransitionReply>()({
  method: 'POST', path: '/contracts/terminate/', params: terminateContractParamsSchema,
  access: { resource: contracts, action: 'terminate' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && isRecord(r.dt),
});
