import type { EndpointCallOptions } from './endpoint-call';
import { callEndpoint } from './endpoint-call';
import { formCounts as countsEndpoint, reviewForm as reviewEndpoint } from '../domain/contract/endpoints/forms';
import type { FormArgs } from '../domain/contract/facts';
import type { FormCountsReply, FormReviewReply } from '../domain/contract/forms';
import { forms } from '../domain/resources/forms/forms';
import type { OutboxRecord } from './offline/db';
import { pendingFacts, recordFact } from './outbox/outbox';
import { uploadPhoto } from './photo-upload';
import { resourceClient } from './resource-client';

/** `POST /forms/review/` (decision 269): form `id` at the `version` the reviewer saw, with a comment (required when flagged). */
export function reviewForm(id: number, version: number, comment: string): Promise<FormReviewReply> {
  return callEndpoint(reviewEndpoint, { id, version, comment });
}

/** `GET /forms/counts/`: per category, the forms filled today and the flagged ones not yet reviewed. */
export function formCounts(o: EndpointCallOptions = {}): Promise<FormCountsReply> {
  return callEndpoint(countsEndpoint, {}, o);
}

/** A form filled on a terminal, queued as one `form` fact (decision 267): durable when this resolves. */
export function queueForm(args: FormArgs): Promise<OutboxRecord> {
  return recordFact('form', args);
}

/** The forms this terminal has queued and not yet sent. */
export async function queuedForms(): Promise<number> {
  return (await pendingFacts({ name: 'form' })).length;
}

/** A data URL's bytes as a Blob (a signature drawn on the pad, uploaded by an office save). */
function blobOf(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const mime = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bin = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

/**
 * A form filled in the office, saved online (`POST /forms/save/` with an Idempotency-Key): its images uploaded first
 * (`/files/upload/`), their URLs in their place. Resolves with the saved form's id.
 */
export async function saveOfficeForm(templateId: number, values: Readonly<Record<string, unknown>>, remark: string | null,
  idempotencyKey: string): Promise<number> {
  const up = async (v: unknown): Promise<unknown> => (typeof v === 'string' && v.startsWith('data:') ? uploadPhoto(blobOf(v)) : v);
  const stored: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) stored[k] = Array.isArray(v) ? await Promise.all(v.map(up)) : await up(v);
  const reply = await resourceClient(forms).save({ template_id: templateId, values: stored, remark }, undefined, { idempotencyKey });
  return Number(reply.id);
}
