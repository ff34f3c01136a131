import { z } from 'zod';
import '../contract/zod-config';
import { wireJson } from '../contract/wire';
import type { MenuNode } from './menu-types';

/**
 * The route tree as a client posts it to `/accounts/my/?action=loadmenu` (spec §7): vue-router-like nodes, child paths
 * relative to their parent unless absolute. Sizes are bounded so one post cannot hold the server.
 */
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() => z.looseObject({
  path: z.string().max(300),
  name: z.string().max(200).optional(),
  hidden: z.boolean().optional(),
  color: z.string().max(40).optional(),
  meta: z.looseObject({
    title: z.string().max(200).optional(), icon: z.string().max(100).optional(),
    activeMenu: z.string().max(300).optional(), affix: z.boolean().optional(),
  }).optional(),
  children: z.array(menuNodeSchema).max(500).optional(),
}));

export const loadMenuParamsSchema = z.looseObject({
  action: z.literal('loadmenu', { message: 'bad_request' }),
  menus: wireJson(z.array(menuNodeSchema, { message: 'invalid_json' }).max(500)).optional(),
});
