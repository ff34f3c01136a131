/**
 * Help articles (docs/sales-office.md §5, decisions 283–284): which article a screen's help button and `/faq/{key}`
 * open, and what a key and a screen list must look like. Pure: the shell, the FAQ screen and the server share it.
 */

/** An article as the offline copy and the list hold it (the fields of `faqs` this needs). */
export interface HelpArticle {
  id: number;
  key: string;
  language: string;
  title: string;
  screen?: string | null;
  body?: string | null;
  sort?: number | null;
  active?: boolean | null;
}

/** What was found, and in which language: `fallback` when it is not the one asked for. */
export interface HelpFound<A extends HelpArticle = HelpArticle> {
  article: A;
  fallback: boolean;
}

/**
 * A key is word characters (spec §2's `/faq/{id}`: the route takes `\w+`), at most 60. `index` is the list's own
 * address (`/faq/index`, a literal path that wins over the pattern), so no article may take it.
 */
export const FAQ_KEY_MAX = 60;
export const FAQ_INDEX_KEY = 'index';
export function isFaqKey(key: string): boolean {
  return key.length <= FAQ_KEY_MAX && /^\w+$/.test(key) && key !== FAQ_INDEX_KEY;
}

/** The route patterns an article names in `screen`: page paths separated by spaces or commas. */
export function screensOf(screen: string | null | undefined): string[] {
  return (screen ?? '').split(/[\s,]+/).filter(s => s !== '');
}

/** Whether every pattern of a `screen` value is a page path (`/orders/edit/:id`); an empty value is (no screen). */
export function isScreenList(screen: string | null | undefined): boolean {
  return screensOf(screen).every(p => /^\/[\w\-/:]*$/.test(p));
}

const bySort = (a: HelpArticle, b: HelpArticle) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;

/**
 * The best of several articles of one key for a reader of `lang`: the reader's language, else Chinese (the plant's
 * own language, always written first), else any written (the lowest `sort`, then the oldest), saying which.
 */
function pick<A extends HelpArticle>(candidates: readonly A[], lang: string): HelpFound<A> | null {
  const sorted = [...candidates].sort(bySort);
  const own = sorted.find(a => a.language === lang);
  if (own) return { article: own, fallback: false };
  const chosen = sorted.find(a => a.language === 'zh') ?? sorted[0];
  return chosen ? { article: chosen, fallback: true } : null;
}

const live = (a: HelpArticle) => a.active !== false;

/**
 * The article a screen's help button opens (decision 284): among the active articles naming the route pattern in
 * `screen`, the first key by `sort`, in the reader's language, else Chinese, else any. Null when none names it: the
 * header then shows no button.
 */
export function helpFor<A extends HelpArticle>(pattern: string, lang: string, rows: readonly A[]): HelpFound<A> | null {
  const naming = rows.filter(a => live(a) && screensOf(a.screen).includes(pattern));
  if (naming.length === 0) return null;
  // The key whose best-placed article comes first; then that key's article in the reader's language.
  const key = [...naming].sort(bySort)[0]!.key;
  return pick(naming.filter(a => a.key === key), lang);
}

/** The article `/faq/{key}` opens: active, of that key, in the reader's language, else Chinese, else any. */
export function articleFor<A extends HelpArticle>(key: string, lang: string, rows: readonly A[]): HelpFound<A> | null {
  return pick(rows.filter(a => live(a) && a.key === key), lang);
}

/**
 * The index of articles (`/faq/index`): one entry per key, in the reader's language where written (else as
 * articleFor picks), ordered by sort, then title.
 */
export function helpIndex<A extends HelpArticle>(lang: string, rows: readonly A[]): HelpFound<A>[] {
  const keys = [...new Set(rows.filter(live).map(a => a.key))];
  return keys.map(k => articleFor(k, lang, rows)!)
    .sort((a, b) => (a.article.sort ?? 0) - (b.article.sort ?? 0) || a.article.title.localeCompare(b.article.title));
}
