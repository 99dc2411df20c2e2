-- One signing secret per database: a keyed fingerprint of SESSION_SECRET (never the secret), written
-- by the first server or CLI to open the database; a process with another secret refuses to start.
CREATE TABLE "secret_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
