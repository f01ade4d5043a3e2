-- History rows written before History read as one entry per action (docs/requests.md, "History")
-- are brought to the form written today, so an old chapter's History reads like a new one's.
-- 1. A grant names the team it was given to.
UPDATE "audit_log" AS a SET "after" = a."after" || jsonb_build_object('teamName', t."name")
FROM "teams" AS t
WHERE a."entity" = 'comic' AND a."action" = 'grant_upload' AND NOT (a."after" ? 'teamName')
  AND t."id" = (a."after"->>'teamId')::int;
--> statement-breakpoint
-- 2. A merge names both comics (as they are called now; the source is in the trash or purged).
UPDATE "audit_log" AS a SET "after" = a."after"
  || jsonb_build_object('comicTitle', coalesce(s."title", ''), 'targetComicTitle', coalesce(g."title", ''))
FROM "audit_log" AS m
LEFT JOIN "comics" AS s ON s."id" = (m."after"->>'comicId')::int
LEFT JOIN "comics" AS g ON g."id" = (m."after"->>'targetComicId')::int
WHERE m."id" = a."id" AND a."entity" = 'comic' AND a."action" IN ('merge_into', 'merge_from')
  AND NOT (a."after" ? 'comicTitle');
--> statement-breakpoint
-- 3. A save that published (or unpublished) wrote "edited: Status Draft -> Published" and then
-- "published", in one transaction (the same created_at). Today it is one entry: the publish, holding
-- whatever else the save changed.
WITH "pairs" AS (
  SELECT p."id" AS "publish_id", u."id" AS "update_id", u."before" AS "ub", u."after" AS "ua"
  FROM "audit_log" AS p
  JOIN "audit_log" AS u ON u."entity" = p."entity" AND u."entity_id" = p."entity_id"
    AND u."action" = 'update' AND u."actor_id" IS NOT DISTINCT FROM p."actor_id"
    AND u."created_at" = p."created_at" AND u."id" < p."id" AND (u."after" ? 'status')
  WHERE p."entity" = 'chapter' AND p."action" IN ('publish', 'unpublish') AND p."before" IS NULL
), "folded" AS (
  UPDATE "audit_log" AS a SET
    "before" = nullif(coalesce(pairs."ub", '{}'::jsonb) - 'status' - 'publishedAt', '{}'::jsonb),
    "after" = (coalesce(pairs."ua", '{}'::jsonb) - 'status' - 'publishedAt') || coalesce(a."after", '{}'::jsonb)
  FROM "pairs" WHERE a."id" = pairs."publish_id"
  RETURNING pairs."update_id"
)
DELETE FROM "audit_log" WHERE "id" IN (SELECT "update_id" FROM "folded");
--> statement-breakpoint
-- 4. Saving newly uploaded pages into the chapter wrote "pages reordered" though nobody reordered:
-- no page removed and the pages that were there keep their order.
DELETE FROM "audit_log" AS a
WHERE a."entity" = 'chapter' AND a."action" = 'reorder_pages'
  AND coalesce(jsonb_array_length(a."after"->'removed'), 0) = 0
  AND coalesce(
    (SELECT jsonb_agg(x.e ORDER BY x.o) FROM jsonb_array_elements(coalesce(a."after"->'pages', '[]'::jsonb))
      WITH ORDINALITY AS x(e, o)
      WHERE coalesce(a."before"->'pages', '[]'::jsonb) @> jsonb_build_array(x.e)),
    '[]'::jsonb) = coalesce(a."before"->'pages', '[]'::jsonb);
--> statement-breakpoint
-- 5. One upload of N pages wrote N "pages uploaded" rows (one a request). Today it is one entry whose
-- page list grows: rows of one person, one after another about the same chapter with nothing else
-- between, each within 10 minutes of the one before, become the first of them with every page.
WITH "seq" AS (
  SELECT "id", "entity_id", "actor_id", "action", "created_at",
    lag("action") OVER w AS "prev_action", lag("actor_id") OVER w AS "prev_actor",
    lag("created_at") OVER w AS "prev_at"
  FROM "audit_log" WHERE "entity" = 'chapter'
  WINDOW w AS (PARTITION BY "entity_id" ORDER BY "id")
), "grouped" AS (
  SELECT "id", "entity_id", "action",
    sum(CASE WHEN "action" = 'upload_pages' AND "prev_action" = 'upload_pages'
      AND "prev_actor" IS NOT DISTINCT FROM "actor_id" AND "created_at" - "prev_at" <= interval '10 minutes'
      THEN 0 ELSE 1 END) OVER (PARTITION BY "entity_id" ORDER BY "id") AS "grp"
  FROM "seq"
), "groups" AS (
  SELECT "entity_id", "grp", min("id") AS "keep_id" FROM "grouped"
  WHERE "action" = 'upload_pages' GROUP BY "entity_id", "grp" HAVING count(*) > 1
), "members" AS (
  SELECT r."id", g."keep_id" FROM "groups" AS g
  JOIN "grouped" AS r ON r."entity_id" IS NOT DISTINCT FROM g."entity_id" AND r."grp" = g."grp"
), "pages" AS (
  SELECT m."keep_id", jsonb_agg(x.e ORDER BY m."id", x.o) AS "list"
  FROM "members" AS m JOIN "audit_log" AS r ON r."id" = m."id"
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(r."after"->'pages', '[]'::jsonb)) WITH ORDINALITY AS x(e, o)
  GROUP BY m."keep_id"
), "extended" AS (
  UPDATE "audit_log" AS a SET "after" = jsonb_set(coalesce(a."after", '{}'::jsonb), '{pages}', pages."list")
  FROM "pages" WHERE a."id" = pages."keep_id"
  RETURNING a."id"
)
DELETE FROM "audit_log" WHERE "id" IN (SELECT m."id" FROM "members" AS m WHERE m."id" <> m."keep_id");
