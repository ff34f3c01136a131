import type { z } from 'zod';
import '../contract/zod-config';
import type { MessageKey } from '../messages/catalog';

const CUSTOM_KEYS = new Set<string>([
  'required', 'invalid_date', 'too_long', 'too_big', 'too_small', 'invalid_value', 'year_range', 'invalid_offset', 'offset_required', 'too_deep',
  'too_many_decimals',
  // A template's field list (src/domain/contract/forms.ts): what is wrong and where.
  'formfields_list', 'formfield_invalid', 'formfield_duplicate_key', 'formfield_min_max', 'formfield_no_choices',
  'formfield_fail_unknown',
]);

export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Turns validation issues into one message key per field, the same on the server (the `errors` of a 422) and in
 * the forms. `raw` is the input as received, to tell a missing value from a wrong one.
 */
export function fieldErrorsOf(error: z.ZodError, raw: Record<string, unknown>): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  const put = (field: string, e: FieldError) => { if (!(field in out)) out[field] = e; };
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const k of issue.keys) put(k, { key: 'unknown_field' });
        break;
      case 'invalid_type': {
        const v = raw[field];
        if (v === undefined || v === null || v === '') put(field, { key: 'required' });
        else if (issue.expected === 'int') put(field, { key: 'not_integer' });
        else if (issue.expected === 'number') put(field, { key: 'not_number' });
        else put(field, { key: 'invalid_value' });
        break;
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        if (issue.origin === 'string') put(field, { key: 'too_long', params: { max } });
        else if (issue.origin === 'array' || issue.origin === 'set') put(field, { key: 'too_many', params: { max } });
        else put(field, { key: 'too_big', params: { max } });
        break;
      }
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') put(field, min <= 1 ? { key: 'required' } : { key: 'too_short', params: { min } });
        else if (issue.origin === 'array') put(field, { key: 'required' });
        else put(field, { key: 'too_small', params: { min } });
        break;
      }
      case 'invalid_value':
        put(field, raw[field] === undefined || raw[field] === null ? { key: 'required' } : { key: 'invalid_choice' });
        break;
      case 'invalid_union': {
        // A value none of a union's shapes takes (a JSON field's object or list): missing, it is a required one.
        const v = raw[field];
        put(field, v === undefined || v === null || v === '' ? { key: 'required' } : { key: 'invalid_value' });
        break;
      }
      case 'invalid_format':
        put(field, { key: 'invalid_date' });
        break;
      case 'custom':
        // Refinements name their message key (and its params) themselves.
        put(field, CUSTOM_KEYS.has(issue.message)
          ? { key: issue.message as MessageKey, ...(issue.params ? { params: issue.params as Record<string, string | number> } : {}) }
          : { key: 'invalid_value' });
        break;
      default:
        put(field, { key: 'invalid_value' });
    }
  }
  return out;
}
