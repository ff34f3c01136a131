import { useEffect, useState } from 'react';
import { gridHeight } from './grid-model';

/** The grid's height: `fixed` when given, else the window's height − 42 px − the toolbar (spec §9), live on resize. */
export function useGridHeight(toolbarHeight: number, fixed: number | undefined): number {
  const [windowHeight, setWindowHeight] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight));
  useEffect(() => {
    if (fixed !== undefined) return;
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fixed]);
  return fixed ?? gridHeight(windowHeight, toolbarHeight);
}
