import { z } from 'zod';
import './zod-config';
import type { Permissions } from './permissions';
import type { Envelope } from './replies';
import { formText } from './requests';
import { wireInt } from './wire';

/**
 * Requests and replies of the shell's account calls (spec §2–§4, §7): logins, the password, the user's info and
 * grants. Shared by the server (server/areas/accounts) and the shell client (src/data/shell-client.ts); declared in
 * endpoints/accounts.ts.
 */

/**
 * `POST /accounts/login/`: by `username` and `password` (`computer` makes it a device login of that terminal,
 * `client` names the local helper's kiosk), or by `token`; `action` marks the server-switch login (`?timeout=0`).
 * Each field is text; whether it is there and how long it may be is the handler's to say, per field, as the login
 * page shows it (a missing one 422 naming it, an overlong name or password the same 400 as a wrong one).
 */
export const loginParamsSchema = z.looseObject({
  username: formText, password: formText, token: formText, computer: formText, client: formText, action: formText,
  /** The terminal's one-time enrolment code (a device login needs one: `/computers/enrol/`, docs/shopfloor.md). */
  enrol: formText,
});

/** `POST /accounts/password/`: the current password (`oldpassword`) and the new one, each refused per field. */
export const passwordParamsSchema = z.looseObject({ oldpassword: formText, password: formText });

/**
 * The computer a device login names (docs/shopfloor.md "Kiosk identity"): its code (the `device` of every push), the
 * work nodes it serves, its machine, and the server's watermark of its facts (`last_seq`: every fact up to it is held
 * there).
 */
export interface ComputerInfo {
  id: number;
  code: string;
  name: string;
  worknode_ids: number[];
  device_id: number | null;
  last_seq: number;
  /** The screen the terminal shows once logged in (src/domain/rules/terminal-screen.ts); absent from older servers. */
  screen?: string | null;
}

/** How long an enrolment code is good for, and how many wrong tries it survives. */
export const ENROL_MINUTES = 30;
export const ENROL_TRIES = 5;

/** `POST /computers/enrol/`: a new one-time enrolment code for the terminal `id` (the last one issued is void). */
export const enrolParamsSchema = z.looseObject({ id: wireInt(1, 2_147_483_647) });

export interface EnrolReply extends Envelope {
  /** Shown once, to be typed at the terminal's login; only its hash is kept. */
  code: string;
  expires_at: string;
  minutes: number;
}

/** A login's reply, by password or by token (the same fields either way). */
export interface LoginReply extends Envelope {
  name: string;
  site_name: string;
  sessionid: string;
  /** The long-lived token (also set as the `Admin-Token` cookie by a password login). */
  token: string;
  data: { token: string };
  /** Present on a device login (`client` = a computer's code) or a device token: the computer it is bound to. */
  computer?: ComputerInfo | null;
  /** The server-switch login (`?timeout=0` with `action`) also answers `logined`. */
  logined?: 1;
}

/** The reply to a token login: a login's. */
export type TokenLoginReply = LoginReply;

export interface UserInfoReply extends Envelope {
  name?: string;
  username?: string;
  avatar?: string;
  introduction?: string;
  /** Role codes; a user without a role may not use the app (the shell refuses it). */
  roles?: unknown;
  person_id?: number | null;
  site_name?: string;
  /** What the roles allow (src/domain/contract/permissions.ts); absent from servers before the grants existed. */
  permissions?: Permissions | null;
}

export interface ServerEntry {
  name: string;
  /** Address of the server; '' = the origin the app was loaded from. */
  server: string;
  /** Test servers are not offered for switching (spec §2). */
  test?: boolean;
}
