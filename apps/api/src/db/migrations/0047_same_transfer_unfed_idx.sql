-- ADR 080 (amended 2026-11-30): the bank feed's same-transfer lookup reads only the transfers no feed report has
-- claimed yet (feed_at is null: a notification or a slip reported them first). Through deposits_same_transfer_idx it
-- read every transfer of the amount in the ±10 minutes, most of them the feed's own.
CREATE INDEX "deposits_same_transfer_unfed_idx" ON "deposits" USING btree ("amount","occurred_at") WHERE feed_at is null;