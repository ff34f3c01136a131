import { useLocation } from 'react-router';
import { MonitorScreen } from './MonitorScreen';
import { monitorAt } from './monitors';

/**
 * The monitoring screen of the path it is routed at (monitors.ts); a fresh screen for each, and for each saved state
 * of one (`<path>/<qs>`, monitor-url.ts).
 */
export default function MonitorRoute() {
  const { pathname } = useLocation();
  const at = monitorAt(pathname);
  return at ? <MonitorScreen key={pathname} def={at.def} saved={at.saved} /> : null;
}
