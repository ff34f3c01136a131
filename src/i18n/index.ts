import i18n from 'i18next';
import { RESOURCE_LABELS } from '../domain/i18n/resource-labels';
import { menuTitles } from '../domain/menu/route-tree';
import { LANGS, type Lang } from '../domain/messages/catalog';
import type { Namespace, Tree } from './define';
import { NAMESPACES } from './namespaces';

/**
 * UI strings (DESIGN §2 `i18n/`), React-free: the data layer and workers use this module; React screens bind it with
 * `initI18n` from `./react` instead.: zh (default), en, es, ja. Keys are `<namespace>.<path>`; resource and field labels
 * come from the declarations (src/domain/i18n) under `resources.<name>…` and `common.fields.<col>`, menu titles
 * from src/domain/menu under `menu.<title>`. The language is the stored choice,
 * else the browser's, else zh (spec §9).
 */
export const LANGUAGE_KEY = 'language';
export { LANGS, type Lang };

export function initialLanguage(): Lang {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored && (LANGS as readonly string[]).includes(stored)) return stored as Lang;
  for (const l of navigator.languages ?? [navigator.language]) {
    const code = l.slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(code)) return code as Lang;
  }
  return 'zh';
}

export function bundleOf(lang: Lang): Record<string, Tree> {
  const out: Record<string, Tree> = { ...(RESOURCE_LABELS[lang] as unknown as Record<string, Tree>), menu: menuTitles(lang) };
  for (const [name, ns] of Object.entries(NAMESPACES) as [string, Namespace][]) out[name] = ns[lang] as Tree;
  return out;
}

export async function initI18n(lang: Lang = initialLanguage()): Promise<typeof i18n> {
  await i18n.init({
    resources: Object.fromEntries(LANGS.map(l => [l, { translation: bundleOf(l) }])),
    lng: lang,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  return i18n;
}

export async function setLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  await i18n.changeLanguage(lang);
}

export { i18n };
