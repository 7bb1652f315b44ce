-- The seamless log is the reconciliation record with providers: append-only like transfers.
CREATE TRIGGER seamless_log_append_only BEFORE UPDATE OR DELETE ON seamless_log FOR EACH ROW EXECUTE FUNCTION refuse_change();
