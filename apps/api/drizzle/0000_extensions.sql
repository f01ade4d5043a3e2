-- Accent-insensitive (Vietnamese) title search needs unaccent + trigram indexes.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
