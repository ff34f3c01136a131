import { readAllMessages } from '../domain/contract/endpoints/reports';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/** Every unread message of the user marked read; how many were. */
export async function markAllMessagesRead(o: CallOptions = {}): Promise<number> {
  const r = await callEndpoint(readAllMessages, {}, { signal: o.signal });
  return typeof r.marked === 'number' ? r.marked : 0;
}
