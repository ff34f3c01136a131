import type { Field } from '../../../domain/registry/fields';
import type { ResourceDef } from '../../../domain/registry/resource';

/** What every control of the generic form receives. `testId` goes on the element a test types into or clicks. */
export interface ControlProps<V, F extends Field = Field> {
  def: ResourceDef;
  name: string;
  field: F;
  label: string;
  required: boolean;
  /** The message to show on the field (client check or server reply), already in the UI's language. */
  error?: string;
  disabled: boolean;
  value: V;
  onChange: (value: V) => void;
  testId: string;
}
