-- ADR 087 (amended 2026-11-29, issue 38 §6): LINE raises its own alert kinds (LINE_QUOTA, LINE_UNAUTHORIZED) and the
-- outbox closes only those on channel `line` once LINE takes a push. An SMS_NO_CREDIT or SMS_UNAUTHORIZED raised on
-- `line` by a version before would stay open for ever: closed here, once. Were LINE still refusing, its next failure
-- raises its own kind.
UPDATE operator_alerts SET resolved_at = now()
WHERE channel = 'line' AND kind IN ('SMS_NO_CREDIT', 'SMS_UNAUTHORIZED') AND resolved_at IS NULL;
