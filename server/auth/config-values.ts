import { checkStored, configTypeOfRow, TYPED_CONFIG } from '../../src/domain/rules/config-types';
import { ApiError } from '../lib/api-error';

/**
 * A config (系统参数) whose name has a known type stores a value of that type (src/domain/rules/config-types.ts):
 * the form checks it as the user types, and this checks every write that reaches the table — a save through the API,
 * an import — so a script cannot store `"abc"` where a number is read. The refusal names the field and the reason
 * in the caller's language, like any other invalid input. Unknown names keep free text.
 */
export function checkConfigValue(after: Record<string, unknown> | null): void {
  if (!after) return;
  const type = configTypeOfRow(after);
  if (!type) return;
  const stored = after[TYPED_CONFIG.valueField];
  const r = checkStored(type, typeof stored === 'string' && stored !== '' ? stored : null);
  if (!r.ok) throw new ApiError(422, 'invalid_input', {}, { [TYPED_CONFIG.valueField]: r.error });
}
