import { MAX_FORM_VALUES_BYTES } from '../../contract/forms';
import { bool, datetime, enumOf, json, ref, text, texts } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A filled form (表单, docs/sales-office.md "Forms"): the answers (`values`, by field key) to one template version,
 * judged by checkForm (src/domain/rules/form-check.ts) on every save — an answer outside its limits or a failing one
 * flags the form (`flagged`, `flags`) and never refuses it. Filled on a terminal offline (a `form` fact, written
 * through the same generic path when the push applies it, decisions 267–268) or in the office (`POST /forms/save/`).
 * Listed per category at `/forms/list/{category_id}`; a flagged form is reviewed (`review`, `POST /forms/review/`).
 * `approval_status` is kept by the approvals module; it stays `none` until then.
 */
export const forms = resource({
  // No generic create page: a form is filled on FormFill (src/features/forms), office or terminal.
  name: 'forms', api: '/forms', kind: 'document', menu: ['/forms/categories'], screenBase: '/forms', createPage: false,
  naturalKey: ['show_id'], search: ['show_id', 'remark'], display: 'show_id', paging: 'server', owner: 'filled_by',
  actions: ['review'],
  labels: {
    zh: { name: '表单', fields: { show_id: '表单编号', template_id: '表单模板', category_id: '表单分类', values: '填写内容',
      flagged: '超限', flags: '超限项', card_id: '流程卡', device_id: '机台', person_id: '相关人员', files: '图片',
      filled_by: '填写人', filled_at: '填写时间', computer_id: '终端', fact_id: '终端记录', status: '状态',
      reviewed_at: '审核时间', reviewed_by: '审核人', review_comment: '审核意见', approval_status: '审批状态', remark: '备注' },
      enums: { status: { submitted: '已提交', reviewed: '已审核' },
        approval_status: { none: '无需审批', pending: '审批中', approved: '已批准', rejected: '已驳回' } } },
    en: { name: 'Forms', fields: { show_id: 'Form no.', template_id: 'Form template', category_id: 'Form category',
      values: 'Answers', flagged: 'Out of limits', flags: 'Values out of limits', card_id: 'Card', device_id: 'Machine',
      person_id: 'Person concerned', files: 'Images', filled_by: 'Filled in by', filled_at: 'Filled in at',
      computer_id: 'Terminal', fact_id: 'Terminal record', status: 'Status', reviewed_at: 'Reviewed at',
      reviewed_by: 'Reviewed by', review_comment: 'Review comment', approval_status: 'Approval', remark: 'Remarks' },
      enums: { status: { submitted: 'Submitted', reviewed: 'Reviewed' },
        approval_status: { none: 'Not needed', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } } },
    es: { name: 'Formularios', fields: { show_id: 'N.º de formulario', template_id: 'Plantilla de formulario',
      category_id: 'Categoría de formulario', values: 'Respuestas', flagged: 'Fuera de límites',
      flags: 'Valores fuera de límites', card_id: 'Tarjeta', device_id: 'Máquina', person_id: 'Persona relacionada',
      files: 'Imágenes', filled_by: 'Rellenado por', filled_at: 'Rellenado el', computer_id: 'Terminal',
      fact_id: 'Registro del terminal', status: 'Estado', reviewed_at: 'Revisado el', reviewed_by: 'Revisado por',
      review_comment: 'Comentario de revisión', approval_status: 'Aprobación', remark: 'Observaciones' },
      enums: { status: { submitted: 'Enviado', reviewed: 'Revisado' },
        approval_status: { none: 'No necesaria', pending: 'Pendiente', approved: 'Aprobado', rejected: 'Rechazado' } } },
    ja: { name: 'フォーム', fields: { show_id: 'フォーム番号', template_id: 'フォームテンプレート', category_id: 'フォーム分類',
      values: '回答', flagged: '規格外', flags: '規格外の項目', card_id: '工程カード', device_id: '設備', person_id: '関係者',
      files: '画像', filled_by: '記入者', filled_at: '記入日時', computer_id: '端末', fact_id: '端末記録', status: '状態',
      reviewed_at: '確認日時', reviewed_by: '確認者', review_comment: '確認コメント', approval_status: '承認', remark: '備考' },
      enums: { status: { submitted: '提出済み', reviewed: '確認済み' },
        approval_status: { none: '不要', pending: '承認待ち', approved: '承認済み', rejected: '却下' } } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    template_id: ref('formtemplates', { required: true }),
    category_id: ref('formcategories', { readOnly: true }),
    values: json({ maxBytes: MAX_FORM_VALUES_BYTES }),
    flagged: bool({ readOnly: true, default: false }),
    flags: json({ readOnly: true, maxBytes: MAX_FORM_VALUES_BYTES }),
    card_id: ref('cards', { readOnly: true }),
    device_id: ref('devices', { readOnly: true }),
    person_id: ref('persons', { readOnly: true }),
    files: texts({ readOnly: true, maxItems: 200, maxLength: 300, format: 'files' }),
    filled_by: ref('persons'),
    filled_at: datetime({ readOnly: true }),
    computer_id: ref('computers', { readOnly: true }),
    fact_id: ref('facts', { readOnly: true, unique: true }),
    status: enumOf(['submitted', 'reviewed'], { readOnly: true, default: 'submitted' }),
    reviewed_at: datetime({ readOnly: true }),
    reviewed_by: ref('accounts', { readOnly: true }),
    review_comment: text({ max: 500, readOnly: true }),
    approval_status: enumOf(['none', 'pending', 'approved', 'rejected'], { readOnly: true, default: 'none' }),
    remark: text({ max: 500 }),
  },
  list: ['show_id', 'filled_at', 'template_id', 'category_id', 'flagged', 'device_id', 'card_id', 'filled_by', 'status',
    'reviewed_by', 'approval_status', 'remark'],
  sort: '-id',
});
