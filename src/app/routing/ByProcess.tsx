import { lazy } from 'react';
import { withReport } from './WithReport';

/** /orders/cards_nodes, 按工序 (spec §1 "by process"): the live queue per work node, and the nodes' output report. */
export default withReport(lazy(() => import('../../features/cards/CardsPerNode')), '/orders/cards_nodes', 'reports.view_queue');
