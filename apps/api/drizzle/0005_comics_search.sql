-- Accent-insensitive search (Vietnamese): 'thanh guom' finds 'Thanh Gươm', 'd' finds 'đ'.
-- unaccent() is only STABLE (its dictionary could change), so it cannot back an index; this wrapper
-- pins the dictionary and is declared IMMUTABLE, the usual trick. translate() maps 'đ' to 'd' because
-- not every unaccent version does. Lower-casing first lets plain LIKE use the trigram indexes.
CREATE OR REPLACE FUNCTION vt_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(public.unaccent('public.unaccent'::regdictionary, $1)), 'đ', 'd') $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comics_title_search_idx" ON "comics" USING gin (vt_search_text("title") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comics_another_name_search_idx" ON "comics" USING gin (vt_search_text("another_name") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_name_search_idx" ON "people" USING gin (vt_search_text("name") gin_trgm_ops) WHERE "deleted_at" IS NULL;
