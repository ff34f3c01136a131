import { ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** A route through the work nodes, in order; a product family's cards follow it. */
export const workflows = resource({
  name: 'workflows', api: '/workflows/workflows', kind: 'master', menu: ['/workflows/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name', offline: true,
  labels: {
    zh: { name: '工艺流程', fields: { code: '流程编码', name: '流程名称', worknode_ids: '工序', category_id: '物料类别', remark: '备注' } },
    en: { name: 'Routings', menu: 'Workflows', fields: { code: 'Routing code', name: 'Routing name',
      worknode_ids: 'Process steps', category_id: 'Item category', remark: 'Remarks' } },
    es: { name: 'Rutas de fabricación', menu: 'Flujos de trabajo', fields: { code: 'Código de ruta',
      name: 'Nombre de la ruta', worknode_ids: 'Operaciones', category_id: 'Categoría de artículo',
      remark: 'Observaciones' } },
    ja: { name: '工程ルート', menu: '工程フロー', fields: { code: 'ルートコード', name: 'ルート名', worknode_ids: '工程',
      category_id: '品目分類', remark: '備考' } },
  },
  place: { group: 'system', order: 70, icon: 'IconGitBranch' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 100 }),
    worknode_ids: refs('worknodes', { required: true, max: 100 }),
    category_id: ref('itemcategories'),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'worknode_ids', 'category_id'],
  sort: 'code',
});
