import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

export const departments = resource({
  name: 'departments', api: '/departments', kind: 'master', menu: ['/departments/list'],
  naturalKey: ['name'], search: ['code', 'name'], display: 'name',
  labels: {
    zh: { name: '部门', fields: { code: '部门编码', name: '部门名称', parent_id: '上级部门', manager_id: '负责人', sort: '排序' } },
    en: { name: 'Departments', fields: { code: 'Department code', name: 'Department name',
      parent_id: 'Parent department', manager_id: 'Manager', sort: 'Order' } },
    es: { name: 'Departamentos', fields: { code: 'Código de departamento', name: 'Nombre del departamento',
      parent_id: 'Departamento superior', manager_id: 'Responsable', sort: 'Orden' } },
    ja: { name: '部門', menu: '部署', fields: { code: '部門コード', name: '部門名', parent_id: '上位部門', manager_id: '責任者',
      sort: '表示順' } },
  },
  place: { group: 'people', order: 20, icon: 'IconSitemap' },
  fields: {
    code: text({ max: 40, unique: true }),
    name: text({ required: true, max: 100, unique: true }),
    parent_id: ref('departments'),
    manager_id: ref('persons'),
    sort: int({ default: 0 }),
  },
  list: ['code', 'name', 'parent_id', 'manager_id', 'sort'],
  sort: 'sort',
});
