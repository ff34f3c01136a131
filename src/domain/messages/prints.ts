/**
 * Server messages of the prints area, in the four languages; merged into the catalog (catalog.ts). zh gives the keys,
 * the compiler holds the other languages to them.
 */
const zh = {
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const PRINT_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
  },
  es: {
  },
  ja: {
  },
};
