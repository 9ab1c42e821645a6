-- 002: the text format a session's sources are written in, so that
-- `shead rederive` re-reads them with the right reader and
-- `shead export --format shn` writes only SHN sources.
--   'shn'          : SHN (ingest.validate)
--   'netschafkopf' : NetSchafkopf protocol (ingest.netschafkopf.read_protocol)
ALTER TABLE sessions ADD COLUMN format VARCHAR DEFAULT 'shn';
