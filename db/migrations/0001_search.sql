-- Full-text search over jobs: title, company name, categories, short description and description,
-- accent- and case-insensitive ('simple' config after unaccent, so prefixes match as typed).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_job_document(
  p_title text, p_company text, p_categories text[], p_short text, p_description text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple', runway_unaccent(coalesce(p_title, ''))), 'A')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_company, ''))), 'B')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(array_to_string(p_categories, ' '), ''))), 'B')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_short, ''))), 'C')
        || setweight(to_tsvector('simple', runway_unaccent(coalesce(p_description, ''))), 'D')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_jobs_search_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_vector := runway_job_document(
      NEW.title,
      (SELECT c.name FROM companies c WHERE c.id = NEW.company_id),
      NEW.categories, NEW.short_description, NEW.description);
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER jobs_search_vector_biu
  BEFORE INSERT OR UPDATE OF title, company_id, categories, short_description, description ON jobs
  FOR EACH ROW EXECUTE FUNCTION runway_jobs_search_trigger();--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_companies_rename_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE jobs SET search_vector = runway_job_document(title, NEW.name, categories, short_description, description)
      WHERE company_id = NEW.id;
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER companies_rename_au
  AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION runway_companies_rename_trigger();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS jobs_location_trgm_idx ON jobs USING gin (lower(location) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users
  USING gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);
