import { sql } from 'drizzle-orm';
import type { FormCountRow, FormReviewParams } from '../../../src/domain/contract/forms';
import { forms } from '../../../src/domain/resources/forms/forms';
import { assertOwnRow, ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';

/**
 * A form reviewed (decision 269): at the version the reviewer saw (409 `stale_version`), live, not reviewed before
 * (409 `form_already_reviewed`), with a comment when it is flagged (400 `form_review_comment`). It becomes `reviewed`,
 * naming who and when; its answers are fixed from then on. A form outside the caller's scope is absent (404).
 */
export async function reviewForm(tx: Db, auth: Auth, p: FormReviewParams): Promise<RowData> {
  const form = await rowById(tx, forms, p.id, true);
  if (!form) throw notFound();
  await assertOwnRow(tx, auth, forms, form);
  if (form.version !== p.version) throw await staleVersion(tx, form);
  if (form.canceled) throw new ApiError(409, 'already_canceled');
  if (form.status === 'reviewed') throw new ApiError(409, 'form_already_reviewed');
  const comment = p.comment?.trim() ?? '';
  if (form.flagged === true && comment === '') throw new ApiError(400, 'form_review_comment', {}, { comment: { key: 'required' } });
  return systemUpdate(tx, forms, form, {
    status: 'reviewed', reviewed_at: new Date(), reviewed_by: auth.accountId, review_comment: comment === '' ? null : comment,
  }, auth);
}

/**
 * Per form category, the caller's live forms filled today (the server's day) and the flagged ones not reviewed yet;
 * categories without either are left out.
 */
export async function formCounts(db: Db, auth: Auth): Promise<FormCountRow[]> {
  const found = await rows<{ category_id: number; today: number; flagged_open: number }>(db, sql`
    select f.category_id,
      count(*) filter (where f.filled_at >= date_trunc('day', now()))::int as today,
      count(*) filter (where f.flagged and f.status = 'submitted')::int as flagged_open
    from forms f
    where not f.canceled and f.category_id is not null and ${ownerConditionOn(auth, forms, 'f')}
      and (f.filled_at >= date_trunc('day', now()) or (f.flagged and f.status = 'submitted'))
    group by f.category_id order by f.category_id`);
  return found.map(r => ({ category_id: Number(r.category_id), today: Number(r.today), flagged_open: Number(r.flagged_open) }));
}
