import type { PrintAction, PrintCategory, PrintDoReply, PrintSheet } from '../domain/contract/prints';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiPost } from './http';
import type { CallOptions } from './resource-client';

/**
 * `POST /prints/do/` (spec §7, contract src/domain/contract/prints.ts): the label sheets of the chosen rows, each with
 * its `print_url` (a signed link to the sheet's HTML that works a few minutes without a login). The server logs every
 * print but a preview. Nothing is shown on success: the preview, the print dialog or the helper's answer is the
 * result the user sees; a refusal shows as any other.
 */
export async function printDo(category: PrintCategory, ids: readonly number[], action: PrintAction, o: CallOptions = {}): Promise<PrintSheet[]> {
  const r = await apiPost<PrintDoReply>('/prints/do/', { item: { category, ids: [...ids] }, action }, { signal: o.signal, silent: true });
  if (typeof r !== 'object' || r === null || !Array.isArray(r.ds)) {
    throw new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
  }
  return r.ds;
}

export const printsClient = { printDo };
