import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';

/**
 * `GET /accounts/login_branding/` (public): what the login page shows before anybody has logged in — the product's
 * name, the company's name, the logo, the banner slogan and the banner's background — from the configs (系统参数)
 * of these names, and nothing else.
 *
 * Rules:
 * - Only configs marked `safe` (登录前可读) are read, so the endpoint never shows more than the admin made public.
 * - A value the login page could not use safely is given as unset (''): the logo must be an image of the app's own
 *   origin (`/icons/logo.png`) or a `data:image/…` URL, which the Content-Security-Policy's img-src allows; the
 *   background must be plain CSS colours or gradients (no `url(…)`, no quotes, no `;`). A file of the server's files
 *   table is not served before login, so a logo is a path or a data URL, never a file id.
 * - Unset fields are ''; the client falls back to the product's own name.
 */
export const LOGIN_BRANDING_CONFIGS = ['software_name', 'site_name', 'logo', 'banner', 'banner_background'] as const;
export type LoginBrandingField = (typeof LOGIN_BRANDING_CONFIGS)[number];

export type LoginBranding = Record<LoginBrandingField, string>;

export interface LoginBrandingReply extends Envelope {
  dt: LoginBranding;
}

/**
 * The endpoint takes no parameters of its own; the transport's (`ios`, `timeout`) and any others ride along and are
 * ignored, so no request selects what it reveals.
 */
export const loginBrandingParamsSchema = z.looseObject({});

/** Longest text shown (the names and the slogan); longer values are cut, not refused, so the page still shows. */
export const BRANDING_TEXT_MAX = 200;
/** Longest logo accepted: a data URL of a small image (≈ 48 KB of base64). */
export const BRANDING_LOGO_MAX = 65_536;

const SAME_ORIGIN_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/%]+$/;
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;
const CSS_BACKGROUND = /^[A-Za-z0-9#(),.%\s-]{1,300}$/;

/** The logo if the login page may show it, else ''. */
export function brandingLogo(value: string): string {
  const v = value.trim();
  if (v.length > BRANDING_LOGO_MAX) return '';
  return SAME_ORIGIN_PATH.test(v) || DATA_IMAGE.test(v) ? v : '';
}

/** The banner background if it is plain colours or gradients, else ''. */
export function brandingBackground(value: string): string {
  const v = value.trim();
  return CSS_BACKGROUND.test(v) && !/url\s*\(/i.test(v) ? v : '';
}

/** The branding of the configs found (name → value); anything else in `configs` is left out. */
export function loginBrandingOf(configs: Readonly<Record<string, string | null | undefined>>): LoginBranding {
  const text = (name: LoginBrandingField) => (configs[name] ?? '').trim().slice(0, BRANDING_TEXT_MAX);
  return {
    software_name: text('software_name'),
    site_name: text('site_name'),
    logo: brandingLogo(configs.logo ?? ''),
    banner: text('banner'),
    banner_background: brandingBackground(configs.banner_background ?? ''),
  };
}
