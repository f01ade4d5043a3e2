CREATE TABLE "page_hash_bands" (
	"comic_id" integer NOT NULL,
	"band_value" integer NOT NULL,
	"dhash" bigint NOT NULL,
	"page_id" integer NOT NULL,
	CONSTRAINT "page_hash_bands_comic_id_band_value_dhash_page_id_pk" PRIMARY KEY("comic_id","band_value","dhash","page_id")
);
--> statement-breakpoint
DROP INDEX "chapter_pages_dhash_bands_idx";--> statement-breakpoint
ALTER TABLE "team_credit" ADD COLUMN "page_hashes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "page_hash_bands" ADD CONSTRAINT "page_hash_bands_page_id_chapter_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."chapter_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_hash_bands_page_idx" ON "page_hash_bands" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "chapter_pages_unfingerprinted_idx" ON "chapter_pages" USING btree ("id") WHERE "chapter_pages"."dhash" is null;--> statement-breakpoint
ALTER TABLE "chapter_pages" DROP COLUMN "dhash_bands";--> statement-breakpoint
-- page_hash_bands is written only here (docs/page-checks.md): the 4 tagged bands of a page's dHash
-- with its comic, replaced whenever the dHash or the page's chapter changes, and moved when a
-- chapter changes comic (a merge). Deleted pages lose theirs by the foreign key.
CREATE FUNCTION "page_hash_bands_of_page"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.dhash IS NOT DISTINCT FROM OLD.dhash AND NEW.chapter_id = OLD.chapter_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM page_hash_bands WHERE page_id = OLD.id;
  END IF;
  IF NEW.dhash IS NOT NULL THEN
    INSERT INTO page_hash_bands (comic_id, band_value, dhash, page_id)
    SELECT c.comic_id,
           b * 65536 + ('x' || substr(NEW.dhash, b * 4 + 1, 4))::bit(16)::int,
           ('x' || NEW.dhash)::bit(64)::bigint,
           NEW.id
      FROM chapters c, generate_series(0, 3) AS b
     WHERE c.id = NEW.chapter_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chapter_pages_hash_bands" AFTER INSERT OR UPDATE OF dhash, chapter_id ON "chapter_pages"
  FOR EACH ROW EXECUTE FUNCTION "page_hash_bands_of_page"();--> statement-breakpoint
CREATE FUNCTION "page_hash_bands_of_chapter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_hash_bands SET comic_id = NEW.comic_id
   WHERE page_id IN (SELECT id FROM chapter_pages WHERE chapter_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chapters_hash_bands" AFTER UPDATE OF comic_id ON "chapters"
  FOR EACH ROW WHEN (OLD.comic_id IS DISTINCT FROM NEW.comic_id) EXECUTE FUNCTION "page_hash_bands_of_chapter"();--> statement-breakpoint
-- Pages fingerprinted before this migration.
INSERT INTO page_hash_bands (comic_id, band_value, dhash, page_id)
SELECT c.comic_id, b * 65536 + ('x' || substr(p.dhash, b * 4 + 1, 4))::bit(16)::int, ('x' || p.dhash)::bit(64)::bigint, p.id
  FROM chapter_pages p JOIN chapters c ON c.id = p.chapter_id, generate_series(0, 3) AS b
 WHERE p.dhash IS NOT NULL;
