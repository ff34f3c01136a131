import { InspectionScreen } from './InspectionScreen';

/** /inventorydetails/create: the finished-goods inspection (fact `inspect`, rows of `inventorydetails`). */
export default function InspectScreen() {
  return <InspectionScreen kind="inspect" />;
}
