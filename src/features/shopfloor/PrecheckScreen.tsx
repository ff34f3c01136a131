import { InspectionScreen } from './InspectionScreen';

/** /inventorydetails/precheck: the semi-finished inspection (fact `precheck`, rows of `predetails`). */
export default function PrecheckScreen() {
  return <InspectionScreen kind="precheck" />;
}
