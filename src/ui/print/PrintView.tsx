import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Prints a view made of the screen's own data (pay slips, report pages) with the browser's print dialog. The view
 * renders into a container at the end of <body> that only print media shows, while everything else on the page is
 * left out of print; the screen shows nothing of it. Once mounted it asks the browser to print, on the next frame
 * (after the view has laid out), and tells `onDone` after the dialog (`afterprint`) so the screen can unmount it.
 *
 * Rules: one PrintView at a time; the view is plain markup styled inline or by its own print rules (the app's theme is
 * for the screen); pages break where the view says (`break-after: page`).
 */
const PRINT_CSS = `
@media screen { .ipos-print-view { display: none; } }
@media print {
  body > *:not(.ipos-print-view) { display: none !important; }
  .ipos-print-view { display: block; color: #000; background: #fff; font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
  .ipos-print-page { break-after: page; }
  .ipos-print-page:last-child { break-after: auto; }
}`;

export function PrintView({ children, onDone, testId = 'print-view' }: { children: ReactNode; onDone: () => void; testId?: string }) {
  // The latest `onDone`, so a parent passing a new function each render does not print again.
  const doneRef = useRef(onDone);
  useEffect(() => { doneRef.current = onDone; }, [onDone]);
  useEffect(() => {
    let done = false;
    const finish = () => { if (!done) { done = true; doneRef.current(); } };
    window.addEventListener('afterprint', finish, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', finish);
    };
  }, []);
  return createPortal(
    <div className="ipos-print-view" data-testid={testId}>
      <style>{PRINT_CSS}</style>
      {children}
    </div>,
    document.body,
  );
}
