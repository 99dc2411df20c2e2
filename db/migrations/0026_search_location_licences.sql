-- The board's search box also finds a job by its location and its licences ('cebu' finds what the
-- Location filter finds; 'amt' finds the CAAP AMT postings): both join the search document, with
-- the short description's weight (C), so a word in the title or company still ranks first. The
-- document is still built by the triggers only; a change of location or licences rebuilds it.
CREATE OR REPLACE FUNCTION runway_job_document(
  p_title text, p_company text, p_categories text[], p_short text, p_description text,
  p_location text, p_licences text[]
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple', runway_unaccent(coalesce(p_title, ''))), 'A')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_company, ''))), 'B')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(array_to_string(p_categories, ' '), ''))), 'B')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_short, ''))), 'C')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_location, ''))), 'C')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(array_to_string(p_licences, ' '), ''))), 'C')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_description, ''))), 'D')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_jobs_search_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_vector := runway_job_document(
      NEW.title,
      (SELECT c.name FROM companies c WHERE c.id = NEW.company_id),
      NEW.categories, NEW.short_description, NEW.description, NEW.location, NEW.licences);
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_companies_rename_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE jobs SET search_vector = runway_job_document(
        title, NEW.name, categories, short_description, description, location, licences)
      WHERE company_id = NEW.id;
    RETURN NEW;
  END $$;--> statement-breakpoint
DROP FUNCTION IF EXISTS runway_job_document(text, text, text[], text, text);--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_vector_biu ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_search_vector_biu
  BEFORE INSERT OR UPDATE OF title, company_id, categories, short_description, description, location, licences
  ON jobs FOR EACH ROW EXECUTE FUNCTION runway_jobs_search_trigger();--> statement-breakpoint
UPDATE jobs j SET search_vector = runway_job_document(
    j.title, c.name, j.categories, j.short_description, j.description, j.location, j.licences)
  FROM companies c
  WHERE c.id = j.company_id
    AND j.search_vector IS DISTINCT FROM runway_job_document(
      j.title, c.name, j.categories, j.short_description, j.description, j.location, j.licences);--> statement-breakpoint
-- Every word the search documents hold (ADR 122): a search word is a prefix ('mech' finds
-- 'mechanic'), and GIN answers a prefix by building a bitmap of every posting of every matching
-- word, ten times the work of the same words asked exactly. The public search turns a prefix into
-- the exact words that start with it (when they are few) through this list, and checks the prefix
-- query itself on what it finds. A superset is harmless (a word no job holds any more matches
-- nothing), so the list only grows: inserted jobs add their words per statement, a changed
-- document its words per row.
CREATE TABLE IF NOT EXISTS search_lexemes (lexeme text COLLATE "C" PRIMARY KEY);--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT u.lexeme FROM jobs j, unnest(j.search_vector) u
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_search_lexemes_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_lexemes (lexeme)
      SELECT DISTINCT u.lexeme FROM new_jobs n, unnest(n.search_vector) u
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_search_lexemes_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_lexemes (lexeme)
      SELECT u.lexeme FROM unnest(NEW.search_vector) u
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_lexemes_ai ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_search_lexemes_ai
  AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION runway_search_lexemes_inserted();--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_search_lexemes_au ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_search_lexemes_au
  AFTER UPDATE ON jobs
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION runway_search_lexemes_updated();
