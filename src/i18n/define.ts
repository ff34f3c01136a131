/**
 * A namespace of UI strings in the four languages. zh is written first and gives the shape; the compiler refuses a
 * translation that misses a key (and a test checks it at run time too, for keys built dynamically).
 */
export type Tree = { readonly [k: string]: string | Tree };
export type SameShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };

export interface Namespace<T extends Tree = Tree> {
  zh: T;
  en: SameShape<T>;
  es: SameShape<T>;
  ja: SameShape<T>;
}

export function defineNamespace<const T extends Tree>(zh: T, rest: { en: SameShape<T>; es: SameShape<T>; ja: SameShape<T> }): Namespace<T> {
  return { zh, ...rest };
}
