import FormFill from '../../features/forms/FormFill';
import { SignatureCanvas } from '../../features/proof-of-delivery/SignatureCanvas';

/** /forms/create (FormFill): the form fill screen with the signature pad of the driver's phone, composed by the app. */
export default function FormFillPage() {
  return <FormFill Pad={SignatureCanvas} />;
}
