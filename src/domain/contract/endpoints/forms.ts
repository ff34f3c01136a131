import { forms } from '../../resources/forms/forms';
import { endpoint, hasArray, isRecord } from '../endpoint';
import { formCountsParamsSchema, formReviewSchema, type FormCountsReply, type FormReviewReply } from '../forms';

/** The special calls of forms (docs/sales-office.md "Forms"; schemas in ../forms.ts). */

/** A form reviewed, with a comment (required when it is flagged): `status` reviewed, who and when. */
export const reviewForm = endpoint<FormReviewReply>()({
  method: 'POST', path: '/forms/review/', params: formReviewSchema,
  access: { resource: forms, action: 'review' }, looksRight: r => isRecord(r) && typeof r.id === 'number',
});

/** Per category, the forms filled today and the flagged ones not yet reviewed (the caller's scope of forms). */
export const formCounts = endpoint<FormCountsReply>()({
  method: 'GET', path: '/forms/counts/', params: formCountsParamsSchema, offline: 'read',
  access: { resource: forms, op: 'view' }, looksRight: hasArray('dt'),
});
