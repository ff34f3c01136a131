import type { ContractTransitionReply, SaveContractParams, SaveContractReply } from '../domain/contract/contracts';
import { activateContract, saveContractWithLines, terminateContract } from '../domain/contract/endpoints/contracts';
import { callEndpoint } from './endpoint-call';

/**
 * The special calls of contracts (docs/sales-office.md §1, declared in src/domain/contract/endpoints/contracts.ts).
 * The generic calls of contracts, their lines and files (detail, list, history, cancel, file rows) are their resource
 * clients'. A create carries the caller's `Idempotency-Key` (one per contract being created).
 */
export function saveContract(params: SaveContractParams, o: { signal?: AbortSignal; idempotencyKey?: string } = {}): Promise<SaveContractReply> {
  const creating = params.item.id === undefined || params.item.id === null;
  return callEndpoint(saveContractWithLines, params, { signal: o.signal, idempotencyKey: creating ? o.idempotencyKey : undefined });
}

/** Makes the draft at `version` active. */
export function activate(params: { id: number; version: number }, o: { signal?: AbortSignal } = {}): Promise<ContractTransitionReply> {
  return callEndpoint(activateContract, params, { signal: o.signal });
}

/** Ends the active or expired contract at `version` early, with its reason. */
export function terminate(params: { id: number; version: number; reason: string }, o: { signal?: AbortSignal } = {}): Promise<ContractTransitionReply> {
  return callEndpoint(terminateContract, params, { signal: o.signal });
}
