import { sql } from 'drizzle-orm';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';
import { sameValue } from '../../../resources/write-primitives';
import { forkTemplate, templateInUse, VERSIONED_FIELDS } from '../versions';

const fieldError = (field: string, key: 'duplicate' | 'formtemplate_code_versions') =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key } });

const changesVersioned = (before: Record<string, unknown>, values: Record<string, unknown>) =>
  VERSIONED_FIELDS.some(k => k in values && !sameValue(values[k], before[k]));

/**
 * The server rules of `formtemplates` (src/domain/resources/forms/formtemplates.ts, decision 265):
 * - a new template is version 1 of a new code (422 `duplicate` on `code` when taken), current;
 * - a save changing the fields or the category of a version a live form names is written to a new version (`fork`);
 *   the reply names the copy; a path that cannot fork (an import) is refused such a change (409 `formtemplate_frozen`);
 * - the code of a template with several versions does not change (it ties them together).
 * The fields themselves are validated by the registry (`format: 'formfields'`, formFieldsSchema).
 */
export const formtemplatesBehaviour: Behaviour = {
  async fork(tx, { mode, before, values, auth }) {
    if (mode !== 'update' || !changesVersioned(before, values)) return null;
    if (!(await templateInUse(tx, before.id as number))) return null;
    return forkTemplate(tx, before, auth);
  },

  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    const code = (out.code ?? before?.code) as string;
    if (mode === 'create' || ('code' in out && out.code !== before!.code)) {
      const [taken] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from formtemplates where code = ${code}`);
      if (Number(taken?.n) > 0) throw fieldError('code', 'duplicate');
      if (mode === 'update') {
        const [versions] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from formtemplates where code = ${before!.code as string}`);
        if (Number(versions?.n) > 1) throw fieldError('code', 'formtemplate_code_versions');
      }
    }
    if (mode === 'create') {
      out.version_no = 1;
      out.is_current = true;
    } else if (changesVersioned(before!, out) && await templateInUse(tx, before!.id as number)) {
      throw new ApiError(409, 'formtemplate_frozen');
    }
    return out;
  },
};
