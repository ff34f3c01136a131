import type { EnrolReply } from '../domain/contract/accounts';
import { enrolTerminal } from '../domain/contract/endpoints/accounts';
import { callEndpoint } from './endpoint-call';

/**
 * `POST /computers/enrol/` (docs/shopfloor.md "Kiosk identity"): a one-time code for the terminal `id`, to be typed
 * once at its login within the minutes it says. Issuing a new one voids the last; the device that logs in with it
 * becomes the terminal, and any earlier device of the terminal is logged out.
 */
export function issueEnrolmentCode(id: number): Promise<EnrolReply> {
  return callEndpoint(enrolTerminal, { id });
}
