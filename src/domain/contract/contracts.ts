import { z } from 'zod';
import './zod-config';
import { TERMINATION_REASON_MAX } from '../rules/contracts';
import type { contractlines } from '../resources/sales/contractlines';
import type { contracts } from '../resources/sales/contracts';
import type { ListRow } from './rows';
import type { Envelope } from './replies';
import { wireInt, wireJson } from './wire';

/**
 * The special calls of contracts (docs/sales-office.md §1): the contract with its lines in one save, activate and
 * terminate. Shared by the server (route schemas) and the contract entry (src/features/contracts).
 */
const ID = wireInt(1, 2_147_483_647);

/** Lines one contract save may carry: an annual agreement lists tens of items, a big customer a few hundred. */
export const MAX_CONTRACT_LINES = 500;

const record = z.record(z.string(), z.unknown(), { message: 'invalid_json' });

/**
 * `POST /contracts/save_with_lines/`: `item` = the contract's fields (with `id` and `version` to update); `lines` = the
 * lines to create (no `id`) or update (`id` and `version`), fields of `contractlines` except `contract_id`; `removed`
 * = lines to cancel. One transaction: all or nothing. Field errors of a line come keyed `lines.<index>.<field>`.
 */
export const saveContractParamsSchema = z.looseObject({
  item: wireJson(record),
  lines: wireJson(z.array(record, { message: 'invalid_json' }).max(MAX_CONTRACT_LINES, { message: 'too_many_lines' })).optional(),
  removed: wireJson(z.array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }),
    { message: 'invalid_json' }).max(MAX_CONTRACT_LINES)).optional(),
});
export type SaveContractParams = z.infer<typeof saveContractParamsSchema>;

export type ContractRow = ListRow<typeof contracts>;
export type ContractLineRow = ListRow<typeof contractlines>;

export interface SaveContractReply extends Envelope {
  id: number;
  version: number;
  dt: ContractRow;
  /** The contract's live lines after the save, by line number. */
  lines: ContractLineRow[];
}

/** `POST /contracts/activate/`: a draft made active at the version the caller saw. */
export const activateContractParamsSchema = z.looseObject({ id: ID, version: ID });

/** `POST /contracts/terminate/`: an active or expired contract ended early, with its reason (1–200 characters). */
export const terminateContractParamsSchema = z.looseObject({
  id: ID,
  version: ID,
  reason: z.string({ message: 'contract_terminate_reason' }).trim()
    .min(1, { message: 'contract_terminate_reason' }).max(TERMINATION_REASON_MAX, { message: 'contract_terminate_reason' }),
});

export interface ContractTransitionReply extends Envelope {
  id: number;
  version: number;
  dt: ContractRow;
}
