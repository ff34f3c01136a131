-- Written by hand (issue 14, docs/reports.md): the report sources read their facts by date range, in id order
-- (server/resources/reports/fact-pages.ts). Finished card steps by when they finished (only done steps are facts, a
-- share of all steps that grows with time), finished-goods inspections by when they were made. Piece work already has
-- works_work_date_idx, swipes facts_at_idx.
create index "cardnodes_finished_idx" on "cardnodes" ("finished_at") where "status" = 'done' and not "canceled";
create index "inventorydetails_inspected_idx" on "inventorydetails" ("inspected_at");
