import type { PrintAction, PrintCategory, PrintSheet } from '../domain/contract/prints';
import { printDo as printDoEndpoint } from '../domain/contract/endpoints/prints';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * `POST /prints/do/` (spec §7, contract src/domain/contract/prints.ts): the label sheets of the chosen rows, each with
 * its `print_url` (a signed link to the sheet's HTML that works a few minutes without a login). The server logs every
 * print but a preview. Nothing is shown on success: the preview, the print dialog or the helper's answer is the
 * result the user sees; a refusal shows as any other.
 */
export async function printDo(category: PrintCategory, ids: readonly number[], action: PrintAction,
  o: CallOptions & { template?: number } = {}): Promise<PrintSheet[]> {
  // A category with several templates (a delivery note's papers) answers them all unless one is named.
  const item = { category, ids: [...ids], ...(o.template === undefined ? {} : { template: o.template }) };
  return (await callEndpoint(printDoEndpoint, { item, action }, { signal: o.signal, silent: true })).ds;
}

export const printsClient = { printDo };
