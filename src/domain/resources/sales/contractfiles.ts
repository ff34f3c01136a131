import { ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A file of a contract (docs/sales-office.md §1): the scanned paper, a PDF, a supplement. `url` names a file uploaded
 * through `POST /files/upload/` (`format: 'file'`), kept for good while a row names it (server/resources/row-files.ts,
 * decision 264). Master data: a file taken off is deleted. A file is its contract's salesperson's.
 */
export const contractfiles = resource({
  name: 'contractfiles', api: '/contracts/files', kind: 'master', menu: ['/contractfiles/list'], createPage: false,
  search: ['name', 'remark'], display: 'name', owner: 'contract_id.saler_id',
  labels: {
    zh: { name: '合同附件', fields: { contract_id: '合同', name: '文件名', url: '文件', remark: '备注' } },
    en: { name: 'Contract files', fields: { contract_id: 'Contract', name: 'File name', url: 'File', remark: 'Remarks' } },
    es: { name: 'Archivos del contrato', fields: { contract_id: 'Contrato', name: 'Nombre del archivo', url: 'Archivo',
      remark: 'Observaciones' } },
    ja: { name: '契約添付ファイル', fields: { contract_id: '契約', name: 'ファイル名', url: 'ファイル', remark: '備考' } },
  },
  place: { group: 'system', order: 251, icon: 'IconFilePlus' },
  fields: {
    contract_id: ref('contracts', { required: true }),
    name: text({ max: 200, required: true }),
    url: text({ max: 300, required: true, format: 'file' }),
    remark: text({ max: 200 }),
  },
  list: ['contract_id', 'name', 'remark'],
  sort: '-id',
});
