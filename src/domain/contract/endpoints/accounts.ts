import { z } from 'zod';
import '../zod-config';
import { loadMenuParamsSchema } from '../../menu/menu-schema';
import { roles } from '../../resources/system/roles';
import { enrolParamsSchema, loginParamsSchema, passwordParamsSchema, type EnrolReply, type LoginReply, type UserInfoReply } from '../accounts';
import { computers } from '../../resources/devices/computers';
import { endpoint, isRecord } from '../endpoint';
import { menusListParamsSchema, type MenusListReply } from '../menuslist';
import type { Envelope } from '../replies';

/**
 * The shell's account calls (spec §7; requests and replies in ../accounts.ts). Login and password take their fields
 * as text; the handler (server/areas/accounts/routes/login.ts) answers a missing or wrong one per field, as the login
 * page shows it.
 */

/** Login by username and password (a `computer` makes it a device login), or by a token (`token`). Public. */
export const login = endpoint<LoginReply>()({
  method: 'POST', path: '/accounts/login/', params: loginParamsSchema, access: 'public',
});

/**
 * A one-time enrolment code for a terminal (docs/shopfloor.md "Kiosk identity"): a supervisor at the kiosk issues it,
 * and the device login made with it binds that device to the terminal — any earlier device of the terminal is cut off.
 */
export const enrolTerminal = endpoint<EnrolReply>()({
  method: 'POST', path: '/computers/enrol/', params: enrolParamsSchema,
  access: { resource: computers, op: 'read', action: 'enrol' },
  looksRight: r => isRecord(r) && typeof r.code === 'string',
});

/** The logged-in user: name, avatar, roles and grants (GET, and POST as spec §7 also calls it). */
export const userInfo = endpoint<UserInfoReply>()({
  method: 'GET', path: '/accounts/info/', params: z.looseObject({}), access: 'session', offline: 'read',
});
export const userInfoPost = endpoint<UserInfoReply>()({
  method: 'POST', path: '/accounts/info/', params: z.looseObject({}), access: 'session',
});

/** Revokes the caller's token and session. */
export const logout = endpoint<Envelope>()({
  method: 'POST', path: '/accounts/logout/', params: z.looseObject({}), access: 'session',
});

/** Changes the caller's password (`oldpassword`, `password`); every other login of the account is revoked. */
export const changePassword = endpoint<Envelope>()({
  method: 'POST', path: '/accounts/password/', params: passwordParamsSchema, access: 'session',
});

/** The caller's menu: the posted route tree filtered by the role's menu paths (`?action=loadmenu&platform=pc`). */
export const loadMenu = endpoint<Envelope & { menus: unknown[] }>()({
  method: 'POST', path: '/accounts/my/', params: loadMenuParamsSchema, access: 'session', offline: 'read',
  looksRight: r => isRecord(r) && Array.isArray(r.menus),
});

/** The caller's favourite menu entries, minus any the role no longer grants. */
export const favMenus = endpoint<Envelope & { menus: unknown[]; total: number }>()({
  method: 'GET', path: '/accounts/favmenus/', params: z.looseObject({}), access: 'session', offline: 'read',
});

/**
 * Every menu path of the app, from which an admin picks a role's menus (a list: GET and POST, spec §7). Who may read
 * the roles may read the catalogue their menus are picked from.
 */
export const menusList = endpoint<MenusListReply>()({
  method: 'GET', path: '/accounts/menuslist/', params: menusListParamsSchema, access: { resource: roles, op: 'read' },
});
export const menusListPost = endpoint<MenusListReply>()({
  method: 'POST', path: '/accounts/menuslist/', params: menusListParamsSchema, access: { resource: roles, op: 'read' },
});
