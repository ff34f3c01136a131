import { useCallback, useEffect, useState } from 'react';

/**
 * The distance in px from the top of the window to an element, kept current on resize: screens use it to give a
 * grid the rest of the page (spec §9: page height − 42 px − toolbar). Returns the value and a callback ref.
 */
export function useElementTop<E extends HTMLElement>(): [number, (el: E | null) => void] {
  const [el, setEl] = useState<E | null>(null);
  const [top, setTop] = useState(0);
  const ref = useCallback((node: E | null) => setEl(node), []);
  useEffect(() => {
    if (!el) return;
    const measure = () => setTop(Math.round(el.getBoundingClientRect().top));
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => { ro?.disconnect(); window.removeEventListener('resize', measure); };
  }, [el]);
  return [top, ref];
}
