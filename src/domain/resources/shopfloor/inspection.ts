import type { Lang } from '../../messages/catalog';
import { datetime, number, ref, text, texts } from '../../registry/fields';
import { resource, type MenuPlace } from '../../registry/resource';

/**
 * The shape shared by the two inspections of the shop floor (docs/shopfloor.md): the semi-finished inspection
 * (`predetails`, 半成品检验) and the finished-goods inspection (`inventorydetails`, 成品检验). Each row is made by an
 * inspector's fact (`precheck` / `inspect`) on a tablet, offline or not, and names the fact it came from; defects by
 * reason go to `baddetails`. Documents: corrected with history, cancelled, never deleted; not created by a save.
 */
const FIELD_LABELS: Readonly<Record<Lang, Record<string, string>>> = {
  zh: { card_id: '流程卡', card_show_id: '卡号', item_id: '物料', worknode_id: '工序', quantity: '合格数量', bad_quantity: '不良数量',
    weight: '重量', grade: '等级', defects: '不良原因', photos: '照片', person_id: '检验员', computer_id: '终端', inspected_at: '检验时间',
    fact_id: '来源记录', remark: '备注' },
  en: { card_id: 'Process card', card_show_id: 'Card no.', item_id: 'Item', worknode_id: 'Process step', quantity: 'Passed quantity',
    bad_quantity: 'Bad quantity', weight: 'Weight', grade: 'Grade', defects: 'Defects', photos: 'Photos', person_id: 'Inspector',
    computer_id: 'Terminal', inspected_at: 'Inspected at', fact_id: 'Source record', remark: 'Remarks' },
  es: { card_id: 'Tarjeta de proceso', card_show_id: 'N.º de tarjeta', item_id: 'Artículo', worknode_id: 'Operación',
    quantity: 'Cantidad aceptada', bad_quantity: 'Cantidad defectuosa', weight: 'Peso', grade: 'Grado', defects: 'Defectos',
    photos: 'Fotos', person_id: 'Inspector', computer_id: 'Terminal', inspected_at: 'Inspeccionado el', fact_id: 'Registro de origen',
    remark: 'Observaciones' },
  ja: { card_id: '工程カード', card_show_id: 'カード番号', item_id: '品目', worknode_id: '工程', quantity: '合格数', bad_quantity: '不良数',
    weight: '重量', grade: '等級', defects: '不良理由', photos: '写真', person_id: '検査員', computer_id: '端末', inspected_at: '検査日時',
    fact_id: '元の記録', remark: '備考' },
};

const inspectionFields = () => ({
  card_id: ref('cards', { readOnly: true }),
  card_show_id: text({ max: 64, readOnly: true }),
  item_id: ref('items', { readOnly: true }),
  worknode_id: ref('worknodes'),
  quantity: number({ scale: 4, min: 0, required: true, sum: true }),
  bad_quantity: number({ scale: 4, min: 0, sum: true }),
  weight: number({ scale: 4, min: 0, sum: true, unit: 'kg' }),
  grade: text({ max: 20 }),
  defects: texts({ maxItems: 50, maxLength: 50 }),
  photos: texts({ maxItems: 6, maxLength: 300 }),
  person_id: ref('persons', { required: true }),
  computer_id: ref('computers', { readOnly: true }),
  inspected_at: datetime({ readOnly: true }),
  fact_id: ref('facts', { readOnly: true }),
  remark: text({ max: 500 }),
});

export function inspectionResource(name: 'predetails' | 'inventorydetails', spec: {
  api: string; menu: string; names: Readonly<Record<Lang, string>>; place: MenuPlace;
}) {
  const labels = (lang: Lang) => ({ name: spec.names[lang], fields: FIELD_LABELS[lang] as Record<keyof ReturnType<typeof inspectionFields>, string> });
  return resource({
    name, api: spec.api, kind: 'document', menu: [spec.menu], createPage: false,
    search: ['card_show_id', 'remark'], display: 'card_show_id', paging: 'server',
    labels: { zh: labels('zh'), en: labels('en'), es: labels('es'), ja: labels('ja') },
    place: spec.place,
    fields: inspectionFields(),
    list: ['inspected_at', 'card_show_id', 'item_id', 'worknode_id', 'quantity', 'bad_quantity', 'weight', 'grade', 'defects',
      'person_id', 'computer_id'],
    sort: '-inspected_at',
  });
}
