import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';
import { rowById } from '../../production/rows';
import { contracts } from '../../../../src/domain/resources/sales/contracts';
import { fileIdOf } from '../../../resources/row-files';

/**
 * The server rules of `contractfiles`: a file names an uploaded file of this server (`/files/?action=download&id=…`,
 * 422 `contract_file_url` otherwise) and a contract that is not cancelled (409 `contract_canceled`). Files change in
 * every status: a scan is often added after signing.
 */
export const contractfilesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    if ('url' in values && fileIdOf(values.url) === null) {
      throw new ApiError(422, 'invalid_input', {}, { url: { key: 'contract_file_url' } });
    }
    const contractId = Number(values.contract_id ?? before?.contract_id);
    if (mode === 'update' && 'contract_id' in values && Number(values.contract_id) !== Number(before!.contract_id)) {
      throw new ApiError(422, 'invalid_input', {}, { contract_id: { key: 'contract_line_other' } });
    }
    const c = await rowById(tx, contracts, contractId);
    if (c?.canceled) throw new ApiError(409, 'contract_canceled');
    return values;
  },
};
