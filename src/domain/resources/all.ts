import type { ResourceDef } from '../registry/resource';
import { feecategories } from './categories/feecategories';
import { formcategories } from './categories/formcategories';
import { formulacategories } from './categories/formulacategories';
import { computers } from './devices/computers';
import { devicemaintenances } from './devices/devicemaintenances';
import { banks } from './finance/banks';
import { devices } from './devices/devices';
import { itemcategories } from './items/itemcategories';
import { customeritems } from './items/customeritems';
import { items } from './items/items';
import { subitems } from './items/subitems';
import { suits } from './items/suits';
import { checkins } from './people/checkins';
import { departments } from './people/departments';
import { personcategories } from './people/personcategories';
import { persons } from './people/persons';
import { wages } from './production/wages';
import { workflows } from './production/workflows';
import { worknodes } from './production/worknodes';
import { customercategories } from './sales/customercategories';
import { customers } from './sales/customers';
import { suppliers } from './sales/suppliers';
import { accounts } from './system/accounts';
import { configs } from './system/configs';
import { favmenus } from './system/favmenus';
import { journals } from './system/journals';
import { roles } from './system/roles';
import { shelves } from './warehouse/shelves';
import { warehouses } from './warehouse/warehouses';
import { warepositions } from './warehouse/warepositions';
import { warerooms } from './warehouse/warerooms';
import { warestatus } from './warehouse/warestatus';

/**
 * Every declared resource. Adding an entity = adding its declaration file and one line here, then
 * `npm run migration:new <name>` to write its table's migration.
 */
export const RESOURCES: readonly ResourceDef[] = [
  accounts, roles, configs, favmenus, journals,
  departments, personcategories, persons, checkins,
  devices, computers, devicemaintenances,
  worknodes, workflows, wages,
  itemcategories, items, subitems, customeritems, suits,
  feecategories, formcategories, formulacategories, banks,
  customercategories, customers, suppliers,
  warehouses, warerooms, warepositions, shelves, warestatus,
];

const BY_NAME = new Map(RESOURCES.map(r => [r.name, r]));

export function resourceByName(name: string): ResourceDef | undefined {
  return BY_NAME.get(name);
}

/** Checks the registry as a whole: names unique, every reference pointing at a declared resource. */
export function checkRegistry(list: readonly ResourceDef[] = RESOURCES): void {
  const names = new Set<string>();
  const apis = new Set<string>();
  for (const r of list) {
    if (names.has(r.name)) throw new Error(`duplicate resource ${r.name}`);
    if (apis.has(r.api)) throw new Error(`duplicate api ${r.api}`);
    names.add(r.name); apis.add(r.api);
  }
  for (const r of list) {
    for (const [k, f] of Object.entries(r.fields)) {
      if ((f.type === 'ref' || f.type === 'refs') && !names.has(f.to)) throw new Error(`${r.name}.${k} → unknown ${f.to}`);
    }
  }
}
checkRegistry();
