-- Written by hand (issue 13, bench/sync): two indexes of card steps that others already give. A btree on (a, b) finds
-- rows by a alone, so cardnodes_unscheduled_idx (worknode_id, id) serves what cardnodes_worknode_id_idx did (the steps
-- of a work node; the foreign key's check when a work node is deleted) and cardnodes_queue_idx (plan_device_id,
-- plan_seq) what cardnodes_plan_device_id_idx did. Every change of a step (each swipe's start and finish) wrote both.
drop index if exists "cardnodes_worknode_id_idx";
drop index if exists "cardnodes_plan_device_id_idx";
