-- Accent-blind substring filters: the board's location box and the admin users search
-- compare lower(runway_unaccent(...)) on both sides, so 'paranaque' finds 'Parañaque'. The trigram
-- indexes are rebuilt on exactly those expressions (an unaccent() around a column defeats an index
-- on the bare column); runway_unaccent is the immutable wrapper from 0001_search.
DROP INDEX IF EXISTS jobs_location_trgm_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_location_unaccent_trgm_idx ON jobs
  USING gin ((lower(runway_unaccent(location))) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS users_search_trgm_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_unaccent_trgm_idx ON users
  USING gin ((lower(runway_unaccent(first_name || ' ' || last_name || ' ' || email))) gin_trgm_ops);
