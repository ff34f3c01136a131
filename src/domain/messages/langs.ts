/**
 * The four languages of the product (zh first, the default). A leaf module: the registry and the menu name a `Lang`
 * without reaching the message catalog, which imports the areas' messages (and through them the contract), so naming a
 * language never closes an import cycle (eslint.config.js `ipos/no-cycle`).
 */
export const LANGS = ['zh', 'en', 'es', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

/** Whether `s` is exactly one of the four languages' codes. */
export const isLang = (s: string): s is Lang => (LANGS as readonly string[]).includes(s);
