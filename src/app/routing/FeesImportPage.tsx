import ImportPage from '../../resources/import/ImportPage';

/**
 * /fees/excel, 费用导入 (docs/finance.md "fees"): the generic import with its resource fixed to fees. A row is
 * recognised again by its fingerprint (`import_key`), so the same sheet imported twice adds nothing.
 */
export default function FeesImportPage() {
  return <ImportPage resource="fees" />;
}
