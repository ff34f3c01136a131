import { deliverylines } from '../../domain/resources/delivery/deliverylines';
import ResourceList from '../../resources/list/ResourceList';

/**
 * `/deliveries/list2` (送货明细, docs/delivery.md "Screens"): every delivery note's lines, server-paged, sorted and
 * filtered by any column (order line, item, lot, package …) and exported with the same filters.
 */
export default function DeliveryLines() {
  return <ResourceList def={deliverylines} />;
}
