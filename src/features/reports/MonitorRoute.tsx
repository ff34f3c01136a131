import { useLocation } from 'react-router';
import { MonitorScreen } from './MonitorScreen';
import { monitorOf } from './monitors';

/** The monitoring screen of the path it is routed at (monitors.ts); a fresh screen for each. */
export default function MonitorRoute() {
  const { pathname } = useLocation();
  const def = monitorOf(pathname.replace(/\/+$/, ''));
  return def ? <MonitorScreen key={def.path} def={def} /> : null;
}
