import { labels } from './define';

/** Sub-items, customer items, kits, banks, piece rates, maintenance and attendance. */
export const MASTER_DATA_LABELS = {
  subitems: labels({
    zh: { name: '子物料', fields: { code: '编码', name: '名称', spec: '规格', item_id: '所属物料', worknode_id: '生产工序', unit: '单位', weight: '重量', props: '属性', active: '启用', remark: '备注' } },
    en: { name: 'Sub-items', fields: { code: 'Code', name: 'Name', spec: 'Specification', item_id: 'Parent item', worknode_id: 'Made at', unit: 'Unit', weight: 'Weight', props: 'Properties', active: 'Active', remark: 'Remark' } },
    es: { name: 'Subartículos', fields: { code: 'Código', name: 'Nombre', spec: 'Especificación', item_id: 'Artículo principal', worknode_id: 'Proceso', unit: 'Unidad', weight: 'Peso', props: 'Propiedades', active: 'Activo', remark: 'Observaciones' } },
    ja: { name: '子品目', fields: { code: 'コード', name: '名称', spec: '仕様', item_id: '親品目', worknode_id: '製造工程', unit: '単位', weight: '重量', props: '属性', active: '有効', remark: '備考' } },
  }),
  customeritems: labels({
    zh: { name: '客户物料', fields: { customer_id: '客户', item_id: '物料', customer_code: '客户料号', customer_item_name: '客户品名', price: '单价', remark: '备注' } },
    en: { name: 'Customer items', fields: { customer_id: 'Customer', item_id: 'Item', customer_code: 'Customer part no.', customer_item_name: 'Customer item name', price: 'Unit price', remark: 'Remark' } },
    es: { name: 'Artículos de cliente', fields: { customer_id: 'Cliente', item_id: 'Artículo', customer_code: 'Referencia del cliente', customer_item_name: 'Nombre del cliente', price: 'Precio unitario', remark: 'Observaciones' } },
    ja: { name: '顧客品目', fields: { customer_id: '顧客', item_id: '品目', customer_code: '顧客品番', customer_item_name: '顧客品名', price: '単価', remark: '備考' } },
  }),
  suits: labels({
    zh: { name: '套件', fields: { code: '套件编码', name: '套件名称', item_ids: '包含物料', customer_id: '客户', active: '启用', remark: '备注' } },
    en: { name: 'Kits', fields: { code: 'Kit code', name: 'Kit name', item_ids: 'Items', customer_id: 'Customer', active: 'Active', remark: 'Remark' } },
    es: { name: 'Kits', fields: { code: 'Código del kit', name: 'Nombre del kit', item_ids: 'Artículos', customer_id: 'Cliente', active: 'Activo', remark: 'Observaciones' } },
    ja: { name: 'セット', fields: { code: 'セットコード', name: 'セット名', item_ids: '構成品目', customer_id: '顧客', active: '有効', remark: '備考' } },
  }),
  banks: labels({
    zh: { name: '银行账户', fields: { name: '账户名称', bank_name: '开户行', account_no: '账号', currency: '币种', opening_balance: '期初余额', active: '启用', remark: '备注' },
      enums: { currency: { CNY: '人民币', USD: '美元', EUR: '欧元', JPY: '日元' } } },
    en: { name: 'Bank accounts', fields: { name: 'Account name', bank_name: 'Bank', account_no: 'Account no.', currency: 'Currency', opening_balance: 'Opening balance', active: 'Active', remark: 'Remark' },
      enums: { currency: { CNY: 'Yuan (CNY)', USD: 'US dollar', EUR: 'Euro', JPY: 'Yen' } } },
    es: { name: 'Cuentas bancarias', fields: { name: 'Nombre de la cuenta', bank_name: 'Banco', account_no: 'Número de cuenta', currency: 'Moneda', opening_balance: 'Saldo inicial', active: 'Activa', remark: 'Observaciones' },
      enums: { currency: { CNY: 'Yuan (CNY)', USD: 'Dólar', EUR: 'Euro', JPY: 'Yen' } } },
    ja: { name: '銀行口座', fields: { name: '口座名', bank_name: '銀行', account_no: '口座番号', currency: '通貨', opening_balance: '期首残高', active: '有効', remark: '備考' },
      enums: { currency: { CNY: '人民元', USD: '米ドル', EUR: 'ユーロ', JPY: '日本円' } } },
  }),
  wages: labels({
    zh: { name: '工价', fields: { worknode_id: '工序', item_id: '物料', category_id: '物料分类', price: '计件单价', unit: '计价单位', valid_from: '生效日期', remark: '说明' } },
    en: { name: 'Piece rates', fields: { worknode_id: 'Process', item_id: 'Item', category_id: 'Item category', price: 'Rate per piece', unit: 'Rate unit', valid_from: 'Valid from', remark: 'Note' } },
    es: { name: 'Tarifas a destajo', fields: { worknode_id: 'Proceso', item_id: 'Artículo', category_id: 'Categoría de artículo', price: 'Tarifa por pieza', unit: 'Unidad de tarifa', valid_from: 'Válida desde', remark: 'Nota' } },
    ja: { name: '工賃', fields: { worknode_id: '工程', item_id: '品目', category_id: '品目分類', price: '出来高単価', unit: '単価単位', valid_from: '適用開始日', remark: '説明' } },
  }),
  devicemaintenances: labels({
    zh: { name: '设备保养', fields: { device_id: '设备', kind: '类型', status: '状态', planned_date: '计划日期', done_at: '完成时间', person_id: '负责人', cost: '费用', content: '内容', remark: '备注' },
      enums: { kind: { routine: '例行保养', repair: '维修', inspection: '点检' }, status: { planned: '计划中', done: '已完成' } } },
    en: { name: 'Maintenance', fields: { device_id: 'Machine', kind: 'Type', status: 'Status', planned_date: 'Planned for', done_at: 'Done at', person_id: 'Responsible', cost: 'Cost', content: 'Work', remark: 'Remark' },
      enums: { kind: { routine: 'Routine', repair: 'Repair', inspection: 'Inspection' }, status: { planned: 'Planned', done: 'Done' } } },
    es: { name: 'Mantenimiento', fields: { device_id: 'Máquina', kind: 'Tipo', status: 'Estado', planned_date: 'Fecha prevista', done_at: 'Realizado el', person_id: 'Responsable', cost: 'Coste', content: 'Trabajo', remark: 'Observaciones' },
      enums: { kind: { routine: 'Rutinario', repair: 'Reparación', inspection: 'Inspección' }, status: { planned: 'Previsto', done: 'Hecho' } } },
    ja: { name: '設備保全', fields: { device_id: '設備', kind: '種別', status: '状態', planned_date: '予定日', done_at: '完了日時', person_id: '担当者', cost: '費用', content: '作業内容', remark: '備考' },
      enums: { kind: { routine: '定期保全', repair: '修理', inspection: '点検' }, status: { planned: '予定', done: '完了' } } },
  }),
  checkins: labels({
    zh: { name: '考勤', fields: { person_id: '人员', at: '打卡时间', direction: '上/下班', source: '来源', computer_id: '终端', remark: '备注' },
      enums: { direction: { in: '上班', out: '下班' }, source: { card: '刷卡', manual: '手工' } } },
    en: { name: 'Attendance', fields: { person_id: 'Person', at: 'Time', direction: 'In / out', source: 'Source', computer_id: 'Kiosk', remark: 'Remark' },
      enums: { direction: { in: 'In', out: 'Out' }, source: { card: 'Badge', manual: 'Manual' } } },
    es: { name: 'Asistencia', fields: { person_id: 'Persona', at: 'Hora', direction: 'Entrada / salida', source: 'Origen', computer_id: 'Terminal', remark: 'Observaciones' },
      enums: { direction: { in: 'Entrada', out: 'Salida' }, source: { card: 'Tarjeta', manual: 'Manual' } } },
    ja: { name: '勤怠', fields: { person_id: '人員', at: '打刻時刻', direction: '出勤/退勤', source: '入力元', computer_id: '端末', remark: '備考' },
      enums: { direction: { in: '出勤', out: '退勤' }, source: { card: 'カード', manual: '手入力' } } },
  }),
};
