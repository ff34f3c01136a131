import { actionsOf, type Grants } from '../../src/domain/contract/permissions';
import { resourceByName } from '../../src/domain/resources/all';
import { Rng, pad, randomDay } from './random';
import { Ref, ref, refs, type SeedRow } from './seeder';
import { mobile, personName, type Gender } from './vocab';

/**
 * The organisation of the demo plant: departments, staff, roles and one login per role.
 *
 * Rule for roles: every non-admin role must be granted a different set of actions on the declared resources, so the
 * permission tests tell the roles apart. Menu paths of screens not built yet (orders, payments …) are given already,
 * so the roles need no edit when they come; a menu path grants no action by itself.
 */

interface StaffLine {
  title: string;
  category: string;
  count: number;
}

interface DepartmentPlan {
  code: string;
  name: string;
  parent?: string;
  /** Share of women among the staff. */
  female: number;
  /** Everyone in it is a salesperson (`is_saler`), so customers can be assigned to them. */
  salers?: boolean;
  /** The first line is the department's manager. */
  staff: readonly StaffLine[];
}

const s = (title: string, category: string, count = 1): StaffLine => ({ title, category, count });

export const PERSON_CATEGORIES = ['管理人员', '技术人员', '生产工人', '职能人员', '临时工'] as const;

const DEPARTMENTS: readonly DepartmentPlan[] = [
  { code: 'D01', name: '生产部', female: 0.3, staff: [s('生产经理', '管理人员'), s('计划员', '职能人员'), s('统计员', '职能人员')] },
  { code: 'D02', name: '瓦线车间', parent: '生产部', female: 0.1,
    staff: [s('车间主任', '管理人员'), s('瓦线机长', '生产工人'), s('瓦线操作工', '生产工人', 2)] },
  { code: 'D03', name: '印刷车间', parent: '生产部', female: 0.25,
    staff: [s('车间主任', '管理人员'), s('印刷机长', '生产工人', 2), s('印刷操作工', '生产工人', 4), s('覆膜工', '生产工人')] },
  { code: 'D04', name: '模切车间', parent: '生产部', female: 0.3,
    staff: [s('车间主任', '管理人员'), s('模切机长', '生产工人', 2), s('模切操作工', '生产工人', 3), s('开槽工', '生产工人')] },
  { code: 'D05', name: '糊箱车间', parent: '生产部', female: 0.5,
    staff: [s('车间主任', '管理人员'), s('糊盒机长', '生产工人'), s('糊盒工', '生产工人', 2), s('钉箱工', '生产工人', 2),
      s('包装工', '生产工人')] },
  { code: 'D06', name: '质检部', female: 0.6, staff: [s('质检主管', '管理人员'), s('质检员', '技术人员', 3)] },
  { code: 'D07', name: '仓储部', female: 0.3, staff: [s('仓库主管', '管理人员'), s('仓管员', '职能人员', 2), s('叉车司机', '生产工人', 2)] },
  { code: 'D08', name: '销售部', female: 0.4, salers: true, staff: [s('销售经理', '管理人员'), s('业务员', '职能人员', 5)] },
  { code: 'D09', name: '财务部', female: 0.8, staff: [s('财务经理', '管理人员'), s('会计', '职能人员'), s('出纳', '职能人员')] },
  { code: 'D10', name: '行政部', female: 0.5, staff: [s('行政经理', '管理人员'), s('网络管理员', '技术人员'), s('人事专员', '职能人员')] },
  // Last, so the people before keep their codes: the drivers who deliver the plant's cartons (docs/delivery.md).
  { code: 'D11', name: '物流部', female: 0.1, staff: [s('物流主管', '管理人员'), s('送货司机', '职能人员', 3)] },
];

export function departmentRows(level: 'top' | 'child'): SeedRow[] {
  return DEPARTMENTS.filter(d => (level === 'top') === !d.parent).map(d => ({
    code: d.code, name: d.name, parent_id: ref('departments', d.parent), sort: Number(d.code.slice(1)) * 10,
  }));
}

export function personCategoryRows(): SeedRow[] {
  return PERSON_CATEGORIES.map((name, i) => ({ name, sort: (i + 1) * 10 }));
}

export interface PersonPlan {
  code: string;
  name: string;
  department: string;
  title: string;
  /** The person category's name (PERSON_CATEGORIES). */
  category: string;
  row: SeedRow;
}

/** The staff of every department, in department order; the first of each department is its manager. */
export function personPlans(): PersonPlan[] {
  const rng = Rng.for('persons');
  const names = new Set<string>();
  const cards = new Set<string>();
  const out: PersonPlan[] = [];
  for (const d of DEPARTMENTS) {
    for (const line of d.staff) {
      for (let i = 0; i < line.count; i++) {
        const code = `P${pad(out.length + 1, 4)}`;
        const gender: Gender = rng.chance(d.female) ? 'female' : 'male';
        const name = personName(rng, gender, names);
        let card: string;
        do card = `000${rng.digits(7)}`; while (cards.has(card));
        cards.add(card);
        out.push({
          code, name, department: d.name, title: line.title, category: line.category,
          row: {
            code, name, card_no: card, gender, phone: mobile(rng), entry_date: randomDay(rng, 2009, 2024),
            department_id: ref('departments', d.name), category_id: ref('personcategories', line.category),
            is_saler: !!d.salers, active: true, remark: line.title,
          },
        });
      }
    }
  }
  return out;
}

/** Code of the first person holding `title` in `department`. */
export function personCode(plans: readonly PersonPlan[], department: string, title?: string): string {
  const p = plans.find(x => x.department === department && (title === undefined || x.title === title));
  if (!p) throw new Error(`seed: nobody is ${title ?? 'in'} ${department}`);
  return p.code;
}

/** [department name, its manager] pairs, for `Seeder.link` once persons exist. */
export function departmentManagers(plans: readonly PersonPlan[]): (readonly [string, Ref])[] {
  return DEPARTMENTS.map(d => [d.name, new Ref('persons', personCode(plans, d.name))] as const);
}

export function salerCodes(plans: readonly PersonPlan[]): string[] {
  return plans.filter(p => p.row.is_saler === true).map(p => p.code);
}

// Roles ------------------------------------------------------------------------------------------------------------

/** Every role sees the dashboard and its own profile. */
const COMMON = ['/dashboard', '/accounts/profile', '/todos/list', '/messages/list'];

const PRODUCTION = [
  '/orders/list', '/orders/cards/list', '/cards/prints', '/devices/arranges', '/orders/cards_nodes',
  '/persons/works/list', '/reports/works', '/orders/tap3', '/persons/taplogs',
  // The monitoring entries (spec §1; src/features/reports/monitors.ts). `find` comes later: marked as coming.
  '/orders/cards_customers', '/orders/cards_salers', '/orders/cards_find', '/devices/stat', '/items/stat', '/reports/production',
  '/reports/products', '/query/orders', '/query/cards', '/query/inventorydetails',
];

/** Every standard action a resource has (view … export), plus the special ones named. */
function full(names: readonly string[], special: Readonly<Record<string, readonly string[]>> = {}): Grants {
  const out: Grants = {};
  for (const name of names) {
    const res = resourceByName(name);
    if (!res) throw new Error(`seed: no resource ${name}`);
    out[name] = { actions: [...actionsOf(res).filter(a => !(res.actions ?? []).includes(a)), ...(special[name] ?? [])] };
  }
  return out;
}
const only = (actions: readonly string[], scope?: 'own') => ({ actions: [...actions], ...(scope ? { scope } : {}) });

/** Every role keeps its own favourite menu entries, and only its own. */
/** What every role holds of its own: its favourite menus, and its messages (read, marked read, deleted). */
const OWN_FAVOURITES: Grants = {
  favmenus: only(['view', 'create', 'edit', 'delete'], 'own'),
  messages: only(['view', 'edit', 'delete'], 'own'),
  // The help articles (docs/sales-office.md §5): everyone reads them (the help button, /faq/{key}); admin writes them.
  faqs: only(['view']),
};

interface RolePlan {
  code: string;
  name: string;
  isAdmin?: boolean;
  menus: readonly string[];
  /** What the role may do (src/domain/contract/permissions.ts); its menus only decide what it sees. */
  grants: Grants;
  remark: string;
}

/**
 * The demo roles. Grants follow the jobs: only admin edits accounts, roles and settings; the operator at a kiosk edits
 * no master data (it writes shift logs, sets a machine's status and recognises badges); sales works on its own
 * customers only; finance reads customers and keeps suppliers, banks and fee categories.
 */
export const ROLES: readonly RolePlan[] = [
  { code: 'admin', name: '管理员', isAdmin: true, menus: [], grants: {}, remark: '全部菜单与接口' },
  {
    code: 'supervisor', name: '主管', remark: '生产、人员、设备、工艺、物料与仓库基础资料',
    menus: [...COMMON, ...PRODUCTION,
      '/worknodes/list', '/workflows/list', '/items/list', '/itemcategories/list',
      '/warehouses/list', '/warerooms/list', '/warepositions/list', '/shelves/list', '/warestatus/create',
      '/journals/list', '/departments/list', '/persons/list', '/personcategories/list', '/persons/checkin',
      '/computers/list', '/devices/list', '/devices/list_status', '/devicemaintenances/list',
      '/subitems/list', '/suits/list', '/wages/list', '/formulacategories/list', '/formcategories/list',
      '/details/list', '/cards/list', '/cardnodes/list',
      '/formulas/list', '/formulamaterials/list', '/formulaoperations/list', '/formulas/items', '/reports/formulas',
      '/prearranges/list', '/dutylogs/list', '/workperiods/list', '/sync/deadletters', '/predetails/list', '/inventorydetails/list',
      '/baddetails/list', '/reports/predetails',
      // The finished-goods views and the trace (docs/delivery.md "Finished-goods views", "Traceability").
      '/inventorydetails/summary', '/inventorydetails/persons', '/inventorydetails/qc', '/warehouses/cards', '/inventorydetails/flow', '/trace',
      // Forms (docs/sales-office.md "Forms"): the templates kept, the filled forms read and reviewed.
      '/forms/categories', '/formtemplates/list'],
    grants: {
      ...full(['orders', 'details', 'cards', 'cardnodes'], { orders: ['confirm', 'produce', 'finish', 'ship'] }),
      // Entering an order takes its salesperson from the customer: the customers themselves, not only their names.
      customers: only(['view']),
      // Planning and piece work: the planner schedules machines (`arrange`), the supervisor closes pay months.
      ...full(['prearranges', 'dutylogs', 'works', 'workperiods'], { works: ['close'] }),
      // The shop floor's facts: dead letters resolved by a supervisor; inspections corrected.
      ...full(['facts', 'predetails', 'inventorydetails', 'baddetails'], { facts: ['resolve'] }),
      ...full(['formulas', 'formulamaterials', 'formulaoperations']),
      // Forms: the templates in full, the filled forms in full with their review (decision 269).
      ...full(['formtemplates', 'forms'], { forms: ['review'] }),
      // The finished-goods views and the trace read the ledger and the places of stock (decision 209).
      itemlogs: only(['view']), stocklots: only(['view']),
      ...full(['worknodes', 'workflows', 'items', 'itemcategories', 'warehouses', 'warerooms', 'warepositions', 'shelves',
        'warestatus', 'journals', 'departments', 'persons', 'personcategories', 'checkins', 'computers', 'devices',
        'devicemaintenances', 'subitems', 'suits', 'wages', 'formulacategories', 'formcategories'],
      { devices: ['status', 'arrange'], computers: ['kiosk', 'enrol'] }),
      ...OWN_FAVOURITES,
    },
  },
  {
    code: 'operator', name: '操作员', remark: '车间刷卡机：报工刷卡、刷卡记录、交接班记录、机台状态',
    menus: [...COMMON, '/orders/tap3', '/persons/taplogs', '/journals/list', '/dutylogs/list', '/devices/list_status'],
    grants: {
      journals: only(['view', 'create']), dutylogs: only(['view', 'create', 'edit']), devices: only(['view', 'status']),
      devicemaintenances: only(['view']),
      persons: only(['view', 'badges']),
      // The kiosk: logged in as its terminal, it keeps the open cards offline and pushes swipes. It reads the work
      // nodes' swipe rules, the routes and the items themselves (a resource read only by reference gives names alone).
      computers: only(['view', 'kiosk']), cards: only(['view']), cardnodes: only(['view']), facts: only(['view']),
      worknodes: only(['view']), workflows: only(['view']), items: only(['view']), ...OWN_FAVOURITES,
    },
  },
  {
    code: 'inspector', name: '质检', remark: '成品检验、半成品检验',
    menus: [...COMMON, '/inventorydetails/create', '/inventorydetails/precheck', '/items/list', '/journals/list',
      '/predetails/list', '/inventorydetails/list', '/baddetails/list', '/reports/products', '/reports/predetails',
      '/inventorydetails/qc', '/forms/categories'],
    grants: {
      items: only(['view']), journals: only(['view', 'create']), persons: only(['view', 'badges']),
      // Forms filled on the tablet (`form` facts) or in the office, read and exported; the templates read.
      formtemplates: only(['view']), forms: only(['view', 'create', 'export']),
      // The inspector's tablet: logged in as its terminal, offline like a kiosk; inspections corrected in the office.
      computers: only(['view', 'kiosk']), cards: only(['view']), cardnodes: only(['view']), facts: only(['view']),
      worknodes: only(['view']), workflows: only(['view']),
      predetails: only(['view', 'edit']), inventorydetails: only(['view', 'edit']), baddetails: only(['view']), ...OWN_FAVOURITES,
    },
  },
  {
    code: 'sales', name: '销售', remark: '客户、合同与销售任务（只看本人客户）',
    menus: [...COMMON, '/customers/list', '/customercategories/list', '/contracts/list', '/tasks/list', '/items/list',
      '/customeritems/list', '/orders/list', '/orders/cards_customers', '/orders/cards_salers', '/query/orders',
      // Delivery (docs/delivery.md "Who may do what"): requests of their own customers' order lines, their notes read.
      '/deliveryrequests/list', '/deliveries/list', '/query/deliveries', '/trace',
      // Finance (docs/finance.md "Permissions"): their own customers' bills and reconciliation, read.
      '/payments/bills', '/payments/deliveries_all', '/payments/balances'],
    grants: {
      // A salesperson enters and confirms their own customers' orders; production starts them.
      orders: only(['view', 'create', 'edit', 'delete', 'export', 'confirm'], 'own'),
      details: only(['view', 'create', 'edit', 'delete']), cards: only(['view']), cardnodes: only(['view']),
      customers: only(['view', 'create', 'edit', 'export'], 'own'), customercategories: only(['view']),
      items: only(['view']), customeritems: only(['view', 'create', 'edit', 'export']),
      // Delivery requests of their own customers (written, cancelled while requested); their delivery notes read.
      deliveryrequests: only(['view', 'create', 'edit', 'delete', 'export'], 'own'),
      deliveryrequestlines: only(['view', 'create', 'edit', 'delete']),
      deliveries: only(['view', 'export'], 'own'), deliverylines: only(['view']),
      bills: only(['view', 'export'], 'own'), billlines: only(['view']),
      // What their customers owe and how old (回款 is a salesperson's task), without the receipts (decision 256).
      receipts: only(['balances'], 'own'),
      // Their own contracts (docs/sales-office.md §1), written and activated; terminating one is the manager's.
      contracts: only(['view', 'create', 'edit', 'delete', 'export', 'activate'], 'own'),
      contractlines: only(['view', 'create', 'edit', 'delete', 'export'], 'own'),
      contractfiles: only(['view', 'create', 'edit', 'delete', 'export'], 'own'), ...OWN_FAVOURITES,
    },
  },
  {
    // Stock (docs/stock.md): documents written and posted, the ledger and balances read and exported, the stock limits
    // kept and the alerts read; the warehouses' master data read (the supervisor keeps it). No warehouse scope yet: every storekeeper sees every warehouse.
    code: 'storekeeper', name: '仓管', remark: '出入库单据、库存、出入库流水',
    menus: [...COMMON, '/inventory/list', '/inventory/real', '/itemlogs/list', '/items/list', '/warehouses/list',
      '/warepositions/list', '/suppliers/list', '/inventory/warn', '/inventory/warn1',
      // The document entry screens (docs/stock.md "Screens").
      '/warehouses/in', '/warehouses/out', '/warehouses/move', '/warehouses/in_temp', '/shifts/create', '/shifts/card', '/shifts/predetail',
      '/shifts/detail', '/warehouses/count',
      // The stock views (docs/stock.md "Views", decision 183).
      '/items/query', '/reports/warehouses', '/query/inventories', '/inventory/list_temp',
      // Finished goods in and packing (docs/delivery.md "Check-in", "Packing", "Receipt and issue notes").
      '/warehouses/checkin2', '/warehouses/prepackings', '/warehouses/packings', '/warehouses/packingpres',
      '/pages/pages_in', '/pages/pages_out',
      // The shipping office (docs/delivery.md "Who may do what"): requests decided, notes written, picked and shipped.
      '/deliveryrequests/list', '/deliveries/list', '/deliveries/list2', '/warehouses/checkout', '/query/deliveries',
      // The finished-goods views and the trace (docs/delivery.md "Finished-goods views", "Traceability").
      '/warehouses/cards', '/inventorydetails/summary', '/inventorydetails/persons', '/inventorydetails/flow', '/trace'],
    grants: {
      stockdocs: only(['view', 'create', 'edit', 'delete', 'export', 'post']), stocklines: only(['view', 'create', 'edit', 'delete', 'export']),
      itemlogs: only(['view', 'export']), inventory: only(['view', 'export']), stocklots: only(['view', 'export']),
      // The alerts' minimum and maximum per item and warehouse are the storekeeper's to keep (decision 185).
      stocklimits: only(['view', 'create', 'edit', 'delete', 'import', 'export']),
      items: only(['view']), warehouses: only(['view']), warerooms: only(['view']), warepositions: only(['view']),
      shelves: only(['view']), warestatus: only(['view']), suppliers: only(['view']), cards: only(['view']),
      // The stocktake handheld: logged in as its terminal, it counts offline and pushes the counted lines as facts.
      computers: only(['view', 'kiosk']), facts: only(['view']),
      // An item's open orders and formula uses (/items/query, decision 183): what materials are issued against.
      orders: only(['view']), details: only(['view']), formulas: only(['view']), formulamaterials: only(['view']),
      // The shipping office: requests accepted or refused, delivery notes written, shipped (their check-out posted) and
      // signed for when the signed paper comes back.
      deliveryrequests: only(['view', 'export', 'accept']), deliveryrequestlines: only(['view', 'export']),
      deliveries: only(['view', 'create', 'edit', 'delete', 'export', 'ship', 'sign']),
      deliverylines: only(['view', 'create', 'edit', 'delete', 'export']),
      // Packages are the storekeeper's: made, packed (stock documents of kind pack), weighed, sealed (`close`), labelled.
      packages: only(['view', 'create', 'edit', 'delete', 'export', 'close']), ...OWN_FAVOURITES,
    },
  },
  {
    code: 'finance', name: '财务', remark: '收款、银行、费用、发票、客户与供应商',
    menus: [...COMMON, '/payments/deliveries_all', '/payments/deliverypackings', '/payments/build2', '/payments/bills',
      '/payments/bills_other', '/payments/list', '/banks/list', '/fees/list', '/invoices/list', '/customers/list',
      '/suppliers/list', '/feecategories/list', '/finperiods/list', '/payments/balances', '/payments/upload-excel', '/payouts/list',
      '/fees/excel', '/query/bills'],
    grants: {
      customers: only(['view', 'export']), ...full(['suppliers', 'banks', 'feecategories', 'bills', 'billlines', 'finperiods', 'receipts',
        'payouts', 'invoices', 'fees'], { bills: ['build', 'confirm'], finperiods: ['close'], receipts: ['allocate', 'balances'], invoices: ['void'] }),
      // Allocations are written by the `allocate` action of receipts alone (decision 221).
      allocations: only(['view', 'export']),
      // Bills are built from the deliveries and their lines, which finance reads.
      deliveries: only(['view']), deliverylines: only(['view']), ...OWN_FAVOURITES,
      // The bank statement import (docs/finance.md "4. Bank statement import"): its lines and the banks' mappings. `edit`
      // of the lines lets finance see their amounts (sensitive, decision 66); every field of a line is read-only, so the
      // lines change only through the import, post and ignore calls.
      statementlines: only(['view', 'edit', 'export']), bankmappings: only(['view', 'edit']),
    },
  },
  {
    // The driver's phone (docs/delivery.md "Proof of delivery"): logged in as its terminal, it keeps the shipped
    // deliveries to sign for offline and pushes the customers' receipts as `sign` facts. Every delivery is read (a
    // driver may stand in for another); the phone lists those whose driver is the driver's person (decision 206).
    code: 'driver', name: '司机', remark: '送货签收：手机上客户签名、拍照、定位，离线可用',
    menus: [...COMMON, '/deliveries/sign'],
    grants: {
      deliveries: only(['view', 'sign']), deliverylines: only(['view']),
      computers: only(['view', 'kiosk']), facts: only(['view']), ...OWN_FAVOURITES,
    },
  },
];

export function roleRows(): SeedRow[] {
  return ROLES.map(r => ({
    code: r.code, name: r.name, is_admin: !!r.isAdmin, menus: [...r.menus], grants: r.grants, remark: r.remark,
  }));
}

// Accounts ---------------------------------------------------------------------------------------------------------

interface LoginPlan {
  username: string;
  password: string;
  role: string;
  /** Where the account's person works, and as what. */
  department: string;
  title: string;
  /** Display name; the person's own name when absent. */
  name?: string;
}

/** One demo login per role. Passwords are public (printed at start-up): demo use only. */
export const LOGINS: readonly LoginPlan[] = [
  { username: 'admin', password: 'admin123', role: 'admin', department: '行政部', title: '网络管理员', name: '系统管理员' },
  { username: 'supervisor', password: 'super123', role: 'supervisor', department: '生产部', title: '生产经理' },
  { username: 'operator', password: 'oper123', role: 'operator', department: '印刷车间', title: '印刷机长' },
  { username: 'inspector', password: 'insp123', role: 'inspector', department: '质检部', title: '质检员' },
  // A salesperson, so "only my customers" (checkselfonly) has customers to show.
  { username: 'sales', password: 'sales123', role: 'sales', department: '销售部', title: '业务员' },
  { username: 'finance', password: 'fin123', role: 'finance', department: '财务部', title: '会计' },
  { username: 'store', password: 'store123', role: 'storekeeper', department: '仓储部', title: '仓管员' },
  { username: 'driver', password: 'driver123', role: 'driver', department: '物流部', title: '送货司机' },
];

export function accountRows(plans: readonly PersonPlan[]): SeedRow[] {
  return LOGINS.map(l => {
    const code = personCode(plans, l.department, l.title);
    const person = plans.find(p => p.code === code)!;
    const role = ROLES.find(r => r.code === l.role)!;
    return {
      username: l.username, name: l.name ?? person.name, password: l.password,
      role_ids: refs('roles', [l.role]), person_id: ref('persons', code), active: true,
      introduction: `演示账号（${role.name}）：${l.department}${l.title}`,
    };
  });
}
