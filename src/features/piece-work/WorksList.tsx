import { works } from '../../domain/resources/production/works';
import ResourceList from '../../resources/list/ResourceList';
import { FromNodesButton } from './FromNodesButton';

/** /persons/works/list: the generic list of work records (50 a page) with "from finished card steps". */
export default function WorksList() {
  return <ResourceList def={works} toolbar={<FromNodesButton />} />;
}
