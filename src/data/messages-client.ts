import { apiPost } from './http';
import type { CallOptions } from './resource-client';

/** `POST /messages/read_all/`: every unread message of the user marked read; how many were. */
export async function markAllMessagesRead(o: CallOptions = {}): Promise<number> {
  const r = await apiPost<{ marked?: unknown }>('/messages/read_all/', {}, { signal: o.signal });
  return typeof r.marked === 'number' ? r.marked : 0;
}
