import { lazy } from 'react';
import { withReport } from './WithReport';

/** /persons/taplogs, 刷卡记录 (spec §1 "card-swipe logs"): the swipe log (the server's and this device's queue), and its figures. */
export default withReport(lazy(() => import('../../features/shopfloor/TapLogs')), '/persons/taplogs', 'reports.view_log');
