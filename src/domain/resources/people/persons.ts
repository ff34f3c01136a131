import { bool, date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Everyone who works in the factory. `card_no` is the badge a kiosk reads; `is_saler` marks salespeople. Badge and
 * phone are sensitive: a kiosk granted `badges` recognises badges by their salted hash (`card_no_hash`), never the
 * number (server/auth/badge-hash.ts).
 */
export const persons = resource({
  name: 'persons', api: '/persons', kind: 'master', menu: ['/persons/list'],
  naturalKey: ['code'], search: ['code', 'name', 'card_no', 'phone'], display: 'name', offline: true,
  labels: {
    zh: { name: '人员', menu: '员工', fields: { code: '工号', name: '姓名', card_no: '卡号', department_id: '部门',
      category_id: '类别', gender: '性别', phone: '电话', entry_date: '入职日期', is_saler: '业务员', active: '在职', remark: '备注' },
      enums: { gender: { male: '男', female: '女' } } },
    en: { name: 'Employees', menu: 'Staff', fields: { code: 'Employee no.', name: 'Name', card_no: 'Card no.',
      department_id: 'Department', category_id: 'Category', gender: 'Gender', phone: 'Phone',
      entry_date: 'Hire date', is_saler: 'Salesperson', active: 'Employed', remark: 'Remarks' },
      enums: { gender: { male: 'Male', female: 'Female' } } },
    es: { name: 'Personal', menu: 'Empleados', fields: { code: 'N.º de empleado', name: 'Nombre',
      card_no: 'N.º de tarjeta', department_id: 'Departamento', category_id: 'Categoría', gender: 'Sexo',
      phone: 'Teléfono', entry_date: 'Fecha de alta', is_saler: 'Vendedor', active: 'En plantilla',
      remark: 'Observaciones' },
      enums: { gender: { male: 'Hombre', female: 'Mujer' } } },
    ja: { name: '従業員', fields: { code: '社員番号', name: '氏名', card_no: 'カード番号', department_id: '部門', category_id: '区分',
      gender: '性別', phone: '電話番号', entry_date: '入社日', is_saler: '営業担当', active: '在籍', remark: '備考' },
      enums: { gender: { male: '男性', female: '女性' } } },
  },
  place: { group: 'people', order: 80, icon: 'IconUser' },
  fields: {
    code: text({ required: true, max: 40, unique: true }),
    name: text({ required: true, max: 50 }),
    card_no: text({ max: 64, unique: true, sensitive: true }),
    department_id: ref('departments'),
    category_id: ref('personcategories'),
    gender: enumOf(['male', 'female']),
    phone: text({ max: 40, sensitive: true }),
    entry_date: date(),
    is_saler: bool({ default: false }),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'card_no', 'department_id', 'category_id', 'phone', 'is_saler', 'active'],
  sort: 'code',
  actions: ['badges'],
});
