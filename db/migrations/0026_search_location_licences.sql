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
  FROM companies c WHERE c.id = j.company_id;
