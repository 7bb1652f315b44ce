-- The masked-account matcher's index (issue 22 §5, ADR 063). A bank statement shows the sender's account masked and
-- aligned on the right ("xxx-x-x2345-x"); the trigram index found every account with the mask's digits anywhere (720
-- of a million at one bank, each row read to check). This files every run of four digits of an account under its bank
-- and where the run ends counted from the account's right end ('014:1:2345' for 014's 0000012345x), so a mask's
-- rightmost four visible digits in a row are one exact key: about 1 in 10,000 of the bank's accounts. Immutable: the
-- index calls it. `windowKey` in deposits/account-match.ts writes the same key.
CREATE FUNCTION bank_account_windows(bank_code text, bank_account text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array(
  SELECT bank_code || ':' || o || ':' || substr(bank_account, length(bank_account) - o - 3, 4)
  FROM generate_series(0, length(bank_account) - 4) AS o
);--> statement-breakpoint
CREATE INDEX "players_bank_account_windows_idx" ON "players" USING gin (bank_account_windows("bank_code", "bank_account"));
