-- A bet settled by a win naming it (round policy `settlement: bet`, ADR 082): that win's tx_id.
ALTER TABLE "seamless_transactions" ADD COLUMN "settled_by" text;
