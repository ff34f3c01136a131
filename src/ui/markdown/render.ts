import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * Help articles' Markdown to safe HTML (docs/sales-office.md §5, decision 283), in the browser only (DOMPurify needs a
 * DOM; the server stores and serves text and never renders it).
 *
 * Rules:
 * - markdown-it with `html: false`: raw HTML in the source stays text; links and images its parser refuses
 *   (`javascript:`, `vbscript:`, `file:`, `data:`) are not made at all.
 * - Then DOMPurify with an allow-list of the tags Markdown makes and their plain attributes: no `style`, `form`,
 *   `iframe`, `svg`, `math`, script or event attribute, whatever the source held (a second line of defence should the
 *   parser ever let one through).
 * - A link keeps its `href` only when it is http(s), mailto, or a path of this origin (`/orders/list`, `/faq/key`);
 *   otherwise it stays as its text. A same-origin path is marked `data-internal` (the screen navigates inside the
 *   app); any other opens in a new tab with `rel="noopener noreferrer"`.
 * - An image is kept only when it is one of the plant's own files (`/files/?action=download&id=…`, same origin); any
 *   other (an outside host the CSP forbids and a plant without internet cannot reach, a tracking pixel) is dropped.
 */

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 's', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'start'];

/** A plant file's download path: the only images an article may show. */
const FILE_PATH = /^\/files\/\?action=download&id=[A-Za-z0-9_-]+$/;

export interface RenderOptions {
  /** The app's origin (`location.origin`): what "same origin" means for links and images. */
  origin: string;
  /** Where a kept file path is loaded from (the stored server address may differ from the app's); default as is. */
  imageSrc?: (path: string) => string;
}

/** What a link's href is: an in-app path (navigated inside the app), an outside address, or refused. */
export type LinkKind = 'internal' | 'external' | 'refused';

/** Classifies an href against the app's origin (exported for the screens and the tests). */
export function linkKind(href: string, origin: string): LinkKind {
  const h = href.trim();
  if (/^mailto:/i.test(h)) return 'external';
  // A path of this origin: `/x`, but not `//host` (protocol-relative, another origin) nor `/\host`.
  if (/^\/(?![/\\])/.test(h)) return 'internal';
  let url: URL;
  try { url = new URL(h); } catch { return 'refused'; }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refused';
  return url.origin === origin ? 'internal' : 'external';
}

/** The path of a same-origin file image, or null when the source is anything else. */
export function filePath(src: string, origin: string): string | null {
  const s = src.trim();
  if (FILE_PATH.test(s)) return s;
  try {
    const url = new URL(s);
    const path = `${url.pathname}${url.search}`;
    return url.origin === origin && !url.hash && FILE_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}

/** In-app paths keep only path, query and hash (a full same-origin URL becomes its path). */
function internalPath(href: string, origin: string): string {
  const h = href.trim();
  if (h.startsWith('/')) return h;
  const url = new URL(h);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : h;
}

let purifier: ReturnType<typeof DOMPurify> | null = null;
let current: RenderOptions = { origin: '' };

function sanitizer(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', node => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      const kind = href === null ? 'refused' : linkKind(href, current.origin);
      node.removeAttribute('target');
      node.removeAttribute('rel');
      if (kind === 'refused') {
        node.removeAttribute('href');
      } else if (kind === 'internal') {
        node.setAttribute('href', internalPath(href!, current.origin));
        node.setAttribute('data-internal', '');
      } else {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.nodeName === 'IMG') {
      const path = filePath(node.getAttribute('src') ?? '', current.origin);
      if (path === null) node.parentNode?.removeChild(node);
      else node.setAttribute('src', current.imageSrc ? current.imageSrc(path) : path);
    }
  });
  purifier = p;
  return p;
}

/** An article's Markdown as sanitised HTML, ready for `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string, options: RenderOptions): string {
  const html = md.render(source);
  current = options;
  try {
    return sanitizer().sanitize(html, {
      ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false,
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/)/i,
      FORBID_TAGS: ['style', 'form', 'iframe', 'svg', 'math', 'script', 'object', 'embed'],
      FORBID_ATTR: ['style'],
    });
  } finally {
    current = { origin: '' };
  }
}
