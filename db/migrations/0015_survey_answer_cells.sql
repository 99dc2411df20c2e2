-- An answer's cell of the survey CSV export (ADR 106), written when the answer is: the text
-- JavaScript's String() gave (lists joined by "; ", a nested list by ","), a leading apostrophe
-- before = + - @ tab or CR (formula neutralisation), and RFC 4180 quotes when the text holds a
-- quote, a comma, a CR or an LF. PL/pgSQL, not SQL: a SQL function with a subquery is not inlined
-- and costs ~50 µs a row (~240 µs on PGlite) against ~5 µs. Only built-in functions, so a restore
-- with an empty search_path can still compute it.
CREATE FUNCTION runway_answer_csv_cell(v jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  x text;
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'string' THEN x := v #>> '{}';
    WHEN 'number' THEN x := trim_scale(v::numeric)::text;
    WHEN 'boolean' THEN x := v::text;
    WHEN 'object' THEN x := '[object Object]';
    WHEN 'array' THEN
      SELECT string_agg(CASE jsonb_typeof(e)
          WHEN 'array' THEN coalesce((
            SELECT string_agg(coalesce(CASE jsonb_typeof(e2)
                WHEN 'string' THEN e2 #>> '{}'
                WHEN 'number' THEN trim_scale(e2::numeric)::text
                WHEN 'boolean' THEN e2::text
                WHEN 'object' THEN '[object Object]' END, ''), ',' ORDER BY j)
            FROM jsonb_array_elements(e) WITH ORDINALITY y(e2, j)), '')
          WHEN 'string' THEN e #>> '{}'
          WHEN 'number' THEN trim_scale(e::numeric)::text
          WHEN 'boolean' THEN e::text
          WHEN 'null' THEN 'null'
          WHEN 'object' THEN '[object Object]' END, '; ' ORDER BY i)
        INTO x
        FROM jsonb_array_elements(v) WITH ORDINALITY z(e, i);
    ELSE x := NULL;
  END CASE;
  x := coalesce(x, '');
  -- The apostrophe first: it never makes a cell need quotes that it did not need before.
  IF left(x, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN
    x := '''' || x;
  END IF;
  IF strpos(x, '"') + strpos(x, ',') + strpos(x, E'\n') + strpos(x, E'\r') > 0 THEN
    RETURN '"' || replace(x, '"', '""') || '"';
  END IF;
  RETURN x;
END
$$;
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD COLUMN "csv_cell" text GENERATED ALWAYS AS (runway_answer_csv_cell(value)) STORED;
