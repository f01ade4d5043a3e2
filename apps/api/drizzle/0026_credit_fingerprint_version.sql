-- The credit pages' hashes made before this column carry no version (version 1 or 2: no way to
-- tell): they are still compared, and the pages.fingerprint job makes them again
-- (docs/jobs.md, "Page fingerprints").
ALTER TABLE "team_credit" ADD COLUMN "page_hash_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;
