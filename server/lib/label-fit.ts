/**
 * Fitting a label's text into its box without a browser (issue 30 item 12): the sheet carries no script (its CSP
 * forbids one), so the font size that makes every line fit is chosen here, when the sheet is written, from an
 * estimate of each text's width.
 *
 * Rules:
 * - Lines break as the sheet's CSS breaks them (`word-break: normal`): between words of Latin text, and between any
 *   two CJK characters; a Latin word (a code, a size like 600×400) is never split.
 * - Widths are over-estimated, never under: a character is taken as wide as it is in the widest fonts the sheet may
 *   get (the CJK stack's Latin letters are narrower than these), so the real text takes no more lines than counted.
 * - The font shrinks until every line fits the box's height and every word fits its width; at the smallest size a
 *   word still too wide is the only thing allowed to break (`overflow-wrap: break-word`), so nothing is ever cut.
 */

/** Estimated advance of one character, in em. */
function charEm(c: string): number {
  const code = c.codePointAt(0) ?? 0;
  if (c === ' ') return 0.33;
  if (c >= '0' && c <= '9') return 0.64;
  if (c >= 'A' && c <= 'Z') return 0.78;
  if (c >= 'a' && c <= 'z') return c === 'm' || c === 'w' ? 0.98 : 0.64;
  if (code < 0x80) return 0.6;
  // Everything else — CJK, full-width forms, and signs such as × and ： that CJK fonts draw full width.
  return 1;
}

/** The estimated width of a text, in em. */
export function textEm(text: string, bold = false): number {
  let w = 0;
  for (const c of text) w += charEm(c);
  return bold ? w * 1.1 : w;
}

/** A character between which and its neighbours a line may break (CJK ideographs, kana, full-width forms). */
const BREAKS_ANYWHERE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;

/**
 * The pieces a line may break between: a run of spaces, a single CJK character, or a word (any other run).
 * Punctuation sticks to its word, as in the browser.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  let word = '';
  const flush = () => { if (word) pieces.push(word); word = ''; };
  for (const c of text) {
    if (c === ' ' || BREAKS_ANYWHERE.test(c)) {
      flush();
      pieces.push(c);
    } else {
      word += c;
    }
  }
  flush();
  return pieces;
}

export interface Wrapped {
  /** Lines the text takes (0 for an empty text). */
  lines: number;
  /** The widest piece that cannot be broken, in em. */
  widestWordEm: number;
}

/** Greedy wrapping, as the browser does it, of a text into lines of `widthEm`. */
export function wrapText(text: string, widthEm: number, bold = false): Wrapped {
  const pieces = breakPieces(text.trim());
  if (pieces.length === 0) return { lines: 0, widestWordEm: 0 };
  let lines = 1;
  let used = 0;
  let widest = 0;
  for (const p of pieces) {
    const w = textEm(p, bold);
    if (p === ' ') {
      // A space at the end of a line hangs and takes no room.
      used += w;
      continue;
    }
    widest = Math.max(widest, w);
    if (used > 0 && used + w > widthEm + 1e-9) {
      lines += 1;
      used = w;
    } else {
      used += w;
    }
  }
  return { lines, widestWordEm: widest };
}

export interface FitBox {
  /** The column's width and height, in mm. */
  widthMm: number;
  heightMm: number;
  /** The largest and smallest font sizes, in mm. */
  maxFontMm: number;
  minFontMm: number;
  lineHeight: number;
}

export interface FitLine { text: string; bold?: boolean }

/**
 * The largest font size (in steps of 0.05 mm) at which these lines — each a block of its own — fit the box: all
 * their wrapped lines within its height, every word within its width. The smallest size when none does.
 */
export function fitFontMm(lines: readonly FitLine[], box: FitBox): number {
  const step = 0.05;
  for (let font = box.maxFontMm; font > box.minFontMm; font = Math.round((font - step) * 100) / 100) {
    const widthEm = box.widthMm / font;
    let count = 0;
    let wordsFit = true;
    for (const l of lines) {
      const w = wrapText(l.text, widthEm, l.bold);
      count += w.lines;
      if (w.widestWordEm > widthEm) wordsFit = false;
    }
    if (wordsFit && count * font * box.lineHeight <= box.heightMm) return font;
  }
  return box.minFontMm;
}
