import { isApiError } from '../../data/errors';
import { isQuotaError } from '../../data/offline/db';

/**
 * Why an inspection's submit failed, in the inspector's words (issue 30 item 13): the tablet's storage full (the
 * browser's own message is English and technical), a refusal by the server in its message (already in the user's
 * language), or else that the tablet could not keep it, with the cause for whoever is asked to help. Field errors
 * (FactArgsError) are not here: they are shown on their fields.
 */
export function submitFailureText(e: unknown, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (isQuotaError(e)) return t('shopfloor.inspection.storage_full');
  if (isApiError(e)) return e.msg;
  return t('shopfloor.inspection.store_failed', { error: e instanceof Error ? e.message : String(e) });
}
