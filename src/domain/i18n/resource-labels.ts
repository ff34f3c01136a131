import type { Lang } from '../messages/catalog';
import { CATEGORY_LABELS } from './labels/categories';
import type { LabelsByLang } from './labels/define';
import { MASTER_DATA_LABELS } from './labels/master-data';

/**
 * Labels of the declared resources (DESIGN §3, §11): `resources.<name>.name`, `resources.<name>.fields.<field>`,
 * `resources.<name>.enums.<field>.<value>`, and the system columns once under `common.fields.<col>`.
 *
 * Rules:
 * - Every resource and field of `RESOURCES` has a label in every language, and nothing else does (the test checks
 *   both ways, so adding a field means adding its four labels here).
 * - Within one resource the labels of a language are distinct, system columns included: imports match spreadsheet
 *   column headers against them.
 * - A reference field is labelled as the thing it points at (or its role, like 业务员), never with an "ID" suffix.
 */
export interface ResourceLabels {
  name: string;
  fields: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
}

export interface LabelTree {
  common: { fields: Record<string, string> };
  resources: Record<string, ResourceLabels>;
}

const zh: LabelTree = {
  common: {
    fields: {
      id: 'ID',
      version: '版本',
      rev: '变更号',
      created_at: '创建时间',
      created_by: '创建人',
      updated_at: '修改时间',
      updated_by: '修改人',
      canceled: '已作废',
    },
  },
  resources: {
    accounts: {
      name: '账号',
      fields: {
        username: '用户名',
        name: '姓名',
        password: '密码',
        role_ids: '角色',
        person_id: '人员',
        avatar: '头像',
        introduction: '简介',
        active: '启用',
      },
    },
    roles: {
      name: '角色',
      fields: {
        code: '角色编码',
        name: '角色名称',
        is_admin: '超级管理员',
        menus: '菜单权限',
        remark: '备注',
      },
    },
    configs: {
      name: '系统参数',
      fields: {
        name: '参数名',
        values: '参数值',
        safe: '登录前可读',
        remark: '备注',
      },
    },
    favmenus: {
      name: '收藏菜单',
      fields: {
        account_id: '账号',
        path: '菜单路径',
        title: '标题',
        icon: '图标',
        color: '颜色',
        sort: '排序',
      },
    },
    journals: {
      name: '日志',
      fields: {
        day: '日期',
        kind: '类型',
        title: '标题',
        content: '内容',
        department_id: '部门',
        person_id: '人员',
      },
      enums: {
        kind: { shift: '交接班', incident: '异常事件', notice: '通知', other: '其他' },
      },
    },
    departments: {
      name: '部门',
      fields: {
        code: '部门编码',
        name: '部门名称',
        parent_id: '上级部门',
        manager_id: '负责人',
        sort: '排序',
      },
    },
    personcategories: {
      name: '人员类别',
      fields: {
        name: '类别名称',
        sort: '排序',
      },
    },
    persons: {
      name: '人员',
      fields: {
        code: '工号',
        name: '姓名',
        card_no: '卡号',
        department_id: '部门',
        category_id: '类别',
        gender: '性别',
        phone: '电话',
        entry_date: '入职日期',
        is_saler: '业务员',
        active: '在职',
        remark: '备注',
      },
      enums: {
        gender: { male: '男', female: '女' },
      },
    },
    devices: {
      name: '设备',
      fields: {
        code: '设备编号',
        name: '设备名称',
        model: '型号',
        worknode_id: '工序',
        status: '状态',
        location: '位置',
        purchase_date: '购置日期',
        remark: '备注',
      },
      enums: {
        status: { running: '运行中', idle: '空闲', fault: '故障', maintenance: '维修保养', off: '关机' },
      },
    },
    computers: {
      name: '终端电脑',
      fields: {
        code: '终端编号',
        name: '终端名称',
        worknode_ids: '工序',
        device_id: '设备',
        ip: 'IP 地址',
        last_seen: '最后在线',
        remark: '备注',
      },
    },
    worknodes: {
      name: '工序',
      fields: {
        code: '工序编码',
        name: '工序名称',
        department_id: '部门',
        unit: '计量单位',
        piece_rate: '计件单价',
        is_inspection: '检验工序',
        sort: '排序',
      },
    },
    workflows: {
      name: '工艺流程',
      fields: {
        code: '流程编码',
        name: '流程名称',
        worknode_ids: '工序',
        category_id: '物料类别',
        remark: '备注',
      },
    },
    itemcategories: {
      name: '物料类别',
      fields: {
        code: '类别编码',
        name: '类别名称',
        parent_id: '上级类别',
        sort: '排序',
      },
    },
    items: {
      name: '物料',
      fields: {
        code: '物料编码',
        name: '物料名称',
        spec: '规格',
        category_id: '类别',
        unit: '主单位',
        unit2: '辅助单位',
        unit3: '第三单位',
        weight: '重量',
        price: '单价',
        workflow_id: '工艺流程',
        props: '扩展属性',
        active: '启用',
        remark: '备注',
      },
    },
    customercategories: {
      name: '客户类别',
      fields: {
        name: '类别名称',
        sort: '排序',
      },
    },
    customers: {
      name: '客户',
      fields: {
        name: '客户名称',
        code: '客户编码',
        short_name: '简称',
        category_id: '类别',
        saler_id: '业务员',
        name_ok: '名称已核对',
        contact: '联系人',
        phone: '电话',
        address: '地址',
        remark: '备注',
      },
    },
    suppliers: {
      name: '供应商',
      fields: {
        name: '供应商名称',
        code: '供应商编码',
        contact: '联系人',
        phone: '电话',
        address: '地址',
        remark: '备注',
      },
    },
    warehouses: {
      name: '仓库',
      fields: {
        code: '仓库编码',
        name: '仓库名称',
        kind: '仓库类型',
        manager_id: '负责人',
        address: '地址',
        position_map: '库位图',
      },
      enums: {
        kind: { material: '原材料仓', semi: '半成品仓', finished: '成品仓', other: '其他' },
      },
    },
    warerooms: {
      name: '库房',
      fields: {
        warehouse_id: '仓库',
        code: '库房编码',
        name: '库房名称',
      },
    },
    warepositions: {
      name: '库位',
      fields: {
        warehouse_id: '仓库',
        room_id: '库房',
        code: '库位编码',
        name: '库位名称',
        x: 'X 坐标',
        y: 'Y 坐标',
      },
    },
    shelves: {
      name: '货架',
      fields: {
        position_id: '库位',
        code: '货架编码',
        name: '货架名称',
        levels: '层数',
      },
    },
    warestatus: {
      name: '库存状态',
      fields: {
        name: '状态名称',
        color: '颜色',
        available: '可用',
        sort: '排序',
      },
    },
  },
};

const en: LabelTree = {
  common: {
    fields: {
      id: 'ID',
      version: 'Version',
      rev: 'Change no.',
      created_at: 'Created at',
      created_by: 'Created by',
      updated_at: 'Updated at',
      updated_by: 'Updated by',
      canceled: 'Canceled',
    },
  },
  resources: {
    accounts: {
      name: 'Accounts',
      fields: {
        username: 'Username',
        name: 'Name',
        password: 'Password',
        role_ids: 'Roles',
        person_id: 'Employee',
        avatar: 'Avatar',
        introduction: 'Introduction',
        active: 'Active',
      },
    },
    roles: {
      name: 'Roles',
      fields: {
        code: 'Role code',
        name: 'Role name',
        is_admin: 'Administrator',
        menus: 'Menu permissions',
        remark: 'Remarks',
      },
    },
    configs: {
      name: 'System settings',
      fields: {
        name: 'Setting',
        values: 'Value',
        safe: 'Readable before login',
        remark: 'Remarks',
      },
    },
    favmenus: {
      name: 'Favorite menus',
      fields: {
        account_id: 'Account',
        path: 'Menu path',
        title: 'Title',
        icon: 'Icon',
        color: 'Color',
        sort: 'Order',
      },
    },
    journals: {
      name: 'Log book',
      fields: {
        day: 'Date',
        kind: 'Type',
        title: 'Title',
        content: 'Content',
        department_id: 'Department',
        person_id: 'Employee',
      },
      enums: {
        kind: { shift: 'Shift handover', incident: 'Incident', notice: 'Notice', other: 'Other' },
      },
    },
    departments: {
      name: 'Departments',
      fields: {
        code: 'Department code',
        name: 'Department name',
        parent_id: 'Parent department',
        manager_id: 'Manager',
        sort: 'Order',
      },
    },
    personcategories: {
      name: 'Employee categories',
      fields: {
        name: 'Category name',
        sort: 'Order',
      },
    },
    persons: {
      name: 'Employees',
      fields: {
        code: 'Employee no.',
        name: 'Name',
        card_no: 'Card no.',
        department_id: 'Department',
        category_id: 'Category',
        gender: 'Gender',
        phone: 'Phone',
        entry_date: 'Hire date',
        is_saler: 'Salesperson',
        active: 'Employed',
        remark: 'Remarks',
      },
      enums: {
        gender: { male: 'Male', female: 'Female' },
      },
    },
    devices: {
      name: 'Machines',
      fields: {
        code: 'Machine no.',
        name: 'Machine name',
        model: 'Model',
        worknode_id: 'Process step',
        status: 'Status',
        location: 'Location',
        purchase_date: 'Purchase date',
        remark: 'Remarks',
      },
      enums: {
        status: { running: 'Running', idle: 'Idle', fault: 'Fault', maintenance: 'Maintenance', off: 'Off' },
      },
    },
    computers: {
      name: 'Terminals',
      fields: {
        code: 'Terminal no.',
        name: 'Terminal name',
        worknode_ids: 'Process steps',
        device_id: 'Machine',
        ip: 'IP address',
        last_seen: 'Last seen',
        remark: 'Remarks',
      },
    },
    worknodes: {
      name: 'Process steps',
      fields: {
        code: 'Step code',
        name: 'Step name',
        department_id: 'Department',
        unit: 'Unit',
        piece_rate: 'Piece rate',
        is_inspection: 'Inspection step',
        sort: 'Order',
      },
    },
    workflows: {
      name: 'Routings',
      fields: {
        code: 'Routing code',
        name: 'Routing name',
        worknode_ids: 'Process steps',
        category_id: 'Item category',
        remark: 'Remarks',
      },
    },
    itemcategories: {
      name: 'Item categories',
      fields: {
        code: 'Category code',
        name: 'Category name',
        parent_id: 'Parent category',
        sort: 'Order',
      },
    },
    items: {
      name: 'Items',
      fields: {
        code: 'Item code',
        name: 'Item name',
        spec: 'Specification',
        category_id: 'Category',
        unit: 'Main unit',
        unit2: 'Secondary unit',
        unit3: 'Third unit',
        weight: 'Weight',
        price: 'Unit price',
        workflow_id: 'Routing',
        props: 'Extra properties',
        active: 'Active',
        remark: 'Remarks',
      },
    },
    customercategories: {
      name: 'Customer categories',
      fields: {
        name: 'Category name',
        sort: 'Order',
      },
    },
    customers: {
      name: 'Customers',
      fields: {
        name: 'Customer name',
        code: 'Customer code',
        short_name: 'Short name',
        category_id: 'Category',
        saler_id: 'Salesperson',
        name_ok: 'Name verified',
        contact: 'Contact',
        phone: 'Phone',
        address: 'Address',
        remark: 'Remarks',
      },
    },
    suppliers: {
      name: 'Suppliers',
      fields: {
        name: 'Supplier name',
        code: 'Supplier code',
        contact: 'Contact',
        phone: 'Phone',
        address: 'Address',
        remark: 'Remarks',
      },
    },
    warehouses: {
      name: 'Warehouses',
      fields: {
        code: 'Warehouse code',
        name: 'Warehouse name',
        kind: 'Warehouse type',
        manager_id: 'Manager',
        address: 'Address',
        position_map: 'Location map',
      },
      enums: {
        kind: { material: 'Raw materials', semi: 'Semi-finished goods', finished: 'Finished goods', other: 'Other' },
      },
    },
    warerooms: {
      name: 'Storerooms',
      fields: {
        warehouse_id: 'Warehouse',
        code: 'Storeroom code',
        name: 'Storeroom name',
      },
    },
    warepositions: {
      name: 'Storage locations',
      fields: {
        warehouse_id: 'Warehouse',
        room_id: 'Storeroom',
        code: 'Location code',
        name: 'Location name',
        x: 'X coordinate',
        y: 'Y coordinate',
      },
    },
    shelves: {
      name: 'Shelves',
      fields: {
        position_id: 'Storage location',
        code: 'Shelf code',
        name: 'Shelf name',
        levels: 'Levels',
      },
    },
    warestatus: {
      name: 'Stock statuses',
      fields: {
        name: 'Status name',
        color: 'Color',
        available: 'Available',
        sort: 'Order',
      },
    },
  },
};

const es: LabelTree = {
  common: {
    fields: {
      id: 'ID',
      version: 'Versión',
      rev: 'N.º de cambio',
      created_at: 'Creado el',
      created_by: 'Creado por',
      updated_at: 'Modificado el',
      updated_by: 'Modificado por',
      canceled: 'Anulado',
    },
  },
  resources: {
    accounts: {
      name: 'Cuentas',
      fields: {
        username: 'Usuario',
        name: 'Nombre',
        password: 'Contraseña',
        role_ids: 'Roles',
        person_id: 'Empleado',
        avatar: 'Avatar',
        introduction: 'Presentación',
        active: 'Activa',
      },
    },
    roles: {
      name: 'Roles',
      fields: {
        code: 'Código de rol',
        name: 'Nombre del rol',
        is_admin: 'Administrador',
        menus: 'Permisos de menú',
        remark: 'Observaciones',
      },
    },
    configs: {
      name: 'Parámetros del sistema',
      fields: {
        name: 'Parámetro',
        values: 'Valor',
        safe: 'Visible antes de iniciar sesión',
        remark: 'Observaciones',
      },
    },
    favmenus: {
      name: 'Menús favoritos',
      fields: {
        account_id: 'Cuenta',
        path: 'Ruta del menú',
        title: 'Título',
        icon: 'Icono',
        color: 'Color',
        sort: 'Orden',
      },
    },
    journals: {
      name: 'Bitácora',
      fields: {
        day: 'Fecha',
        kind: 'Tipo',
        title: 'Título',
        content: 'Contenido',
        department_id: 'Departamento',
        person_id: 'Empleado',
      },
      enums: {
        kind: { shift: 'Cambio de turno', incident: 'Incidencia', notice: 'Aviso', other: 'Otro' },
      },
    },
    departments: {
      name: 'Departamentos',
      fields: {
        code: 'Código de departamento',
        name: 'Nombre del departamento',
        parent_id: 'Departamento superior',
        manager_id: 'Responsable',
        sort: 'Orden',
      },
    },
    personcategories: {
      name: 'Categorías de personal',
      fields: {
        name: 'Nombre de la categoría',
        sort: 'Orden',
      },
    },
    persons: {
      name: 'Personal',
      fields: {
        code: 'N.º de empleado',
        name: 'Nombre',
        card_no: 'N.º de tarjeta',
        department_id: 'Departamento',
        category_id: 'Categoría',
        gender: 'Sexo',
        phone: 'Teléfono',
        entry_date: 'Fecha de alta',
        is_saler: 'Vendedor',
        active: 'En plantilla',
        remark: 'Observaciones',
      },
      enums: {
        gender: { male: 'Hombre', female: 'Mujer' },
      },
    },
    devices: {
      name: 'Máquinas',
      fields: {
        code: 'N.º de máquina',
        name: 'Nombre de la máquina',
        model: 'Modelo',
        worknode_id: 'Operación',
        status: 'Estado',
        location: 'Ubicación',
        purchase_date: 'Fecha de compra',
        remark: 'Observaciones',
      },
      enums: {
        status: { running: 'En marcha', idle: 'Parada', fault: 'Avería', maintenance: 'Mantenimiento', off: 'Apagada' },
      },
    },
    computers: {
      name: 'Terminales',
      fields: {
        code: 'N.º de terminal',
        name: 'Nombre del terminal',
        worknode_ids: 'Operaciones',
        device_id: 'Máquina',
        ip: 'Dirección IP',
        last_seen: 'Última conexión',
        remark: 'Observaciones',
      },
    },
    worknodes: {
      name: 'Operaciones',
      fields: {
        code: 'Código de operación',
        name: 'Nombre de la operación',
        department_id: 'Departamento',
        unit: 'Unidad',
        piece_rate: 'Tarifa por pieza',
        is_inspection: 'Operación de inspección',
        sort: 'Orden',
      },
    },
    workflows: {
      name: 'Rutas de fabricación',
      fields: {
        code: 'Código de ruta',
        name: 'Nombre de la ruta',
        worknode_ids: 'Operaciones',
        category_id: 'Categoría de artículo',
        remark: 'Observaciones',
      },
    },
    itemcategories: {
      name: 'Categorías de artículos',
      fields: {
        code: 'Código de categoría',
        name: 'Nombre de la categoría',
        parent_id: 'Categoría superior',
        sort: 'Orden',
      },
    },
    items: {
      name: 'Artículos',
      fields: {
        code: 'Código de artículo',
        name: 'Nombre del artículo',
        spec: 'Especificación',
        category_id: 'Categoría',
        unit: 'Unidad principal',
        unit2: 'Unidad secundaria',
        unit3: 'Tercera unidad',
        weight: 'Peso',
        price: 'Precio unitario',
        workflow_id: 'Ruta de fabricación',
        props: 'Propiedades adicionales',
        active: 'Activo',
        remark: 'Observaciones',
      },
    },
    customercategories: {
      name: 'Categorías de clientes',
      fields: {
        name: 'Nombre de la categoría',
        sort: 'Orden',
      },
    },
    customers: {
      name: 'Clientes',
      fields: {
        name: 'Nombre del cliente',
        code: 'Código de cliente',
        short_name: 'Nombre corto',
        category_id: 'Categoría',
        saler_id: 'Vendedor',
        name_ok: 'Nombre verificado',
        contact: 'Contacto',
        phone: 'Teléfono',
        address: 'Dirección',
        remark: 'Observaciones',
      },
    },
    suppliers: {
      name: 'Proveedores',
      fields: {
        name: 'Nombre del proveedor',
        code: 'Código de proveedor',
        contact: 'Contacto',
        phone: 'Teléfono',
        address: 'Dirección',
        remark: 'Observaciones',
      },
    },
    warehouses: {
      name: 'Almacenes',
      fields: {
        code: 'Código de almacén',
        name: 'Nombre del almacén',
        kind: 'Tipo de almacén',
        manager_id: 'Responsable',
        address: 'Dirección',
        position_map: 'Mapa de ubicaciones',
      },
      enums: {
        kind: { material: 'Materias primas', semi: 'Semielaborados', finished: 'Producto terminado', other: 'Otro' },
      },
    },
    warerooms: {
      name: 'Salas de almacén',
      fields: {
        warehouse_id: 'Almacén',
        code: 'Código de sala',
        name: 'Nombre de la sala',
      },
    },
    warepositions: {
      name: 'Ubicaciones',
      fields: {
        warehouse_id: 'Almacén',
        room_id: 'Sala de almacén',
        code: 'Código de ubicación',
        name: 'Nombre de la ubicación',
        x: 'Coordenada X',
        y: 'Coordenada Y',
      },
    },
    shelves: {
      name: 'Estanterías',
      fields: {
        position_id: 'Ubicación',
        code: 'Código de estantería',
        name: 'Nombre de la estantería',
        levels: 'Niveles',
      },
    },
    warestatus: {
      name: 'Estados de stock',
      fields: {
        name: 'Nombre del estado',
        color: 'Color',
        available: 'Disponible',
        sort: 'Orden',
      },
    },
  },
};

const ja: LabelTree = {
  common: {
    fields: {
      id: 'ID',
      version: 'バージョン',
      rev: '変更番号',
      created_at: '作成日時',
      created_by: '作成者',
      updated_at: '更新日時',
      updated_by: '更新者',
      canceled: '取消済み',
    },
  },
  resources: {
    accounts: {
      name: 'アカウント',
      fields: {
        username: 'ユーザー名',
        name: '氏名',
        password: 'パスワード',
        role_ids: 'ロール',
        person_id: '従業員',
        avatar: 'アバター',
        introduction: '自己紹介',
        active: '有効',
      },
    },
    roles: {
      name: 'ロール',
      fields: {
        code: 'ロールコード',
        name: 'ロール名',
        is_admin: '管理者',
        menus: 'メニュー権限',
        remark: '備考',
      },
    },
    configs: {
      name: 'システム設定',
      fields: {
        name: '設定名',
        values: '設定値',
        safe: 'ログイン前に参照可',
        remark: '備考',
      },
    },
    favmenus: {
      name: 'お気に入りメニュー',
      fields: {
        account_id: 'アカウント',
        path: 'メニューパス',
        title: 'タイトル',
        icon: 'アイコン',
        color: '色',
        sort: '表示順',
      },
    },
    journals: {
      name: '業務日誌',
      fields: {
        day: '日付',
        kind: '種別',
        title: '件名',
        content: '本文',
        department_id: '部門',
        person_id: '従業員',
      },
      enums: {
        kind: { shift: '引き継ぎ', incident: '異常', notice: 'お知らせ', other: 'その他' },
      },
    },
    departments: {
      name: '部門',
      fields: {
        code: '部門コード',
        name: '部門名',
        parent_id: '上位部門',
        manager_id: '責任者',
        sort: '表示順',
      },
    },
    personcategories: {
      name: '従業員区分',
      fields: {
        name: '区分名',
        sort: '表示順',
      },
    },
    persons: {
      name: '従業員',
      fields: {
        code: '社員番号',
        name: '氏名',
        card_no: 'カード番号',
        department_id: '部門',
        category_id: '区分',
        gender: '性別',
        phone: '電話番号',
        entry_date: '入社日',
        is_saler: '営業担当',
        active: '在籍',
        remark: '備考',
      },
      enums: {
        gender: { male: '男性', female: '女性' },
      },
    },
    devices: {
      name: '設備',
      fields: {
        code: '設備番号',
        name: '設備名',
        model: '型式',
        worknode_id: '工程',
        status: 'ステータス',
        location: '設置場所',
        purchase_date: '購入日',
        remark: '備考',
      },
      enums: {
        status: { running: '稼働中', idle: '待機中', fault: '故障中', maintenance: '保守中', off: '停止' },
      },
    },
    computers: {
      name: '端末PC',
      fields: {
        code: '端末番号',
        name: '端末名',
        worknode_ids: '工程',
        device_id: '設備',
        ip: 'IPアドレス',
        last_seen: '最終接続',
        remark: '備考',
      },
    },
    worknodes: {
      name: '工程',
      fields: {
        code: '工程コード',
        name: '工程名',
        department_id: '部門',
        unit: '単位',
        piece_rate: '出来高単価',
        is_inspection: '検査工程',
        sort: '表示順',
      },
    },
    workflows: {
      name: '工程ルート',
      fields: {
        code: 'ルートコード',
        name: 'ルート名',
        worknode_ids: '工程',
        category_id: '品目分類',
        remark: '備考',
      },
    },
    itemcategories: {
      name: '品目分類',
      fields: {
        code: '分類コード',
        name: '分類名',
        parent_id: '上位分類',
        sort: '表示順',
      },
    },
    items: {
      name: '品目',
      fields: {
        code: '品目コード',
        name: '品名',
        spec: '仕様',
        category_id: '分類',
        unit: '基本単位',
        unit2: '第2単位',
        unit3: '第3単位',
        weight: '重量',
        price: '単価',
        workflow_id: '工程ルート',
        props: '追加属性',
        active: '有効',
        remark: '備考',
      },
    },
    customercategories: {
      name: '顧客分類',
      fields: {
        name: '分類名',
        sort: '表示順',
      },
    },
    customers: {
      name: '顧客',
      fields: {
        name: '顧客名',
        code: '顧客コード',
        short_name: '略称',
        category_id: '分類',
        saler_id: '営業担当',
        name_ok: '名称確認済み',
        contact: '担当者',
        phone: '電話番号',
        address: '住所',
        remark: '備考',
      },
    },
    suppliers: {
      name: '仕入先',
      fields: {
        name: '仕入先名',
        code: '仕入先コード',
        contact: '担当者',
        phone: '電話番号',
        address: '住所',
        remark: '備考',
      },
    },
    warehouses: {
      name: '倉庫',
      fields: {
        code: '倉庫コード',
        name: '倉庫名',
        kind: '倉庫種別',
        manager_id: '責任者',
        address: '住所',
        position_map: 'ロケーション図',
      },
      enums: {
        kind: { material: '原材料倉庫', semi: '仕掛品倉庫', finished: '製品倉庫', other: 'その他' },
      },
    },
    warerooms: {
      name: '保管室',
      fields: {
        warehouse_id: '倉庫',
        code: '保管室コード',
        name: '保管室名',
      },
    },
    warepositions: {
      name: 'ロケーション',
      fields: {
        warehouse_id: '倉庫',
        room_id: '保管室',
        code: 'ロケーションコード',
        name: 'ロケーション名',
        x: 'X座標',
        y: 'Y座標',
      },
    },
    shelves: {
      name: '棚',
      fields: {
        position_id: 'ロケーション',
        code: '棚コード',
        name: '棚名',
        levels: '段数',
      },
    },
    warestatus: {
      name: '在庫ステータス',
      fields: {
        name: 'ステータス名',
        color: '色',
        available: '引当可能',
        sort: '表示順',
      },
    },
  },
};

/** Labels written per resource in the four languages (labels/*.ts), merged into the per-language trees. */
const BY_RESOURCE: Record<string, LabelsByLang> = { ...CATEGORY_LABELS, ...MASTER_DATA_LABELS };
for (const [lang, tree] of Object.entries({ zh, en, es, ja }) as [Lang, LabelTree][]) {
  for (const [name, l] of Object.entries(BY_RESOURCE)) tree.resources[name] = l[lang];
}

export const RESOURCE_LABELS: Record<Lang, LabelTree> = { zh, en, es, ja };

/** The display name of a resource: the language's, else Chinese, else the resource name itself. */
export function resourceLabel(lang: Lang, name: string): string {
  return RESOURCE_LABELS[lang].resources[name]?.name || RESOURCE_LABELS.zh.resources[name]?.name || name;
}

function fieldIn(tree: LabelTree, resource: string, field: string): string | undefined {
  return tree.resources[resource]?.fields[field] || tree.common.fields[field] || undefined;
}

/** A field's label: the resource's, else the shared system column's (in the language, else Chinese), else the field name. */
export function fieldLabel(lang: Lang, resource: string, field: string): string {
  return fieldIn(RESOURCE_LABELS[lang], resource, field) || fieldIn(RESOURCE_LABELS.zh, resource, field) || field;
}

/** The label of one value of an enum field: the language's, else Chinese, else the value itself. */
export function enumLabel(lang: Lang, resource: string, field: string, value: string): string {
  return RESOURCE_LABELS[lang].resources[resource]?.enums?.[field]?.[value]
    || RESOURCE_LABELS.zh.resources[resource]?.enums?.[field]?.[value]
    || value;
}
