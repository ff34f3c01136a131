import { resolveUrl } from '../../data/transport';

/** A label sheet that has not loaded by then is given up on (the signed link lives a few minutes). */
const LOAD_TIMEOUT_MS = 60_000;
/** Safari's print() returns before the dialog closes: the frame stays at least this long unless `afterprint` came. */
const KEEP_FRAME_MS = 5 * 60_000;

/**
 * The address of a sheet's `print_url` as a full URL: a server path lives on the server the user is signed in to
 * (which may be another origin than the app's), and the local helper, outside the browser, needs the whole address.
 */
export function sheetUrl(printUrl: string, baseURL: string, here: string = window.location.href): string {
  return new URL(resolveUrl(baseURL, printUrl), here).href;
}

export type PrintOutcome = 'printed' | 'opened';

/**
 * Prints a label sheet with the browser's print dialog: the sheet's HTML is loaded into a hidden iframe and its
 * window's `print()` is called once it has loaded (the sheet's own print CSS sets the label size). A sheet of
 * another origin cannot be scripted: it is opened in a new tab instead, where the user prints it (`opened`).
 */
export function printSheet(url: string, doc: Document = document): Promise<PrintOutcome> {
  return new Promise((resolve, reject) => {
    const frame = doc.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.dataset.testid = 'print-frame';
    // Not display:none nor visibility:hidden: some browsers print such a frame blank.
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
    const remove = () => frame.remove();
    const timer = setTimeout(() => { remove(); reject(new Error(`label sheet did not load: ${url}`)); }, LOAD_TIMEOUT_MS);
    frame.onload = () => {
      clearTimeout(timer);
      const win = frame.contentWindow;
      try {
        if (!win) throw new Error('no window');
        win.addEventListener('afterprint', remove, { once: true });
        win.focus();
        win.print();
        setTimeout(remove, KEEP_FRAME_MS);
        resolve('printed');
      } catch {
        remove();
        doc.defaultView?.open(url, '_blank', 'noopener');
        resolve('opened');
      }
    };
    frame.src = url;
    doc.body.append(frame);
  });
}
