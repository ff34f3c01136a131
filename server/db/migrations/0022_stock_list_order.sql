-- Written by hand (bench/stock, the list half; decision 189): the stock lists' default order, `item_id asc nulls last`
-- then `id desc` (server/resources/list.ts, orderOf, with the declared sort `item_id` of inventory and stocklots), as
-- an index each. Without it page 1 of `/inventory/list` joined every item-in-warehouse row to its item's and
-- warehouse's names and sorted them all for 50 (EXPLAIN on PGlite over 7,828 rows: 461 ms, 99 % of it the joins and
-- the sort); read in this order the page is the first 50 index entries, each joined to its names. The lists by item
-- (`item_id = …`, an item's on-hand) are served by its leading column as well as by the reference's own index.
create index "inventory_list_order_idx" on "inventory" (item_id asc nulls last, id desc);
create index "stocklots_list_order_idx" on "stocklots" (item_id asc nulls last, id desc);
