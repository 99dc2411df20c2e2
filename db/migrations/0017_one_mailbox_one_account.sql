-- One mailbox, one account: an address and its `+tag` variants (ada@…, ada+1@…, ada+runway@…)
-- deliver to one inbox, so they belong to one account. runway_mailbox() is the database's copy of
-- mailboxOf() in app/models/user/email.ts (lower-case, the local part's `+tag` dropped).
CREATE OR REPLACE FUNCTION runway_mailbox(addr text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT regexp_replace(lower(addr), '^([^@+]*)\+[^@]*@', '\1@') $$;--> statement-breakpoint
-- Accounts that already shared a mailbox before this rule: the oldest keeps it as it was; each
-- later one is marked `shared_mailbox` — it still signs in, but the unique index below leaves it
-- aside and every count of people (reports, searches) counts the mailbox once. Admins find them
-- with `select … where shared_mailbox`. Changing a marked account's e-mail clears the mark (the
-- trigger), so the new address is held to the rule.
ALTER TABLE "users" ADD COLUMN "shared_mailbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE users u SET shared_mailbox = true
  WHERE EXISTS (SELECT 1 FROM users o
                WHERE runway_mailbox(o.email) = runway_mailbox(u.email)
                  AND (o.created_at, o.id) < (u.created_at, u.id));--> statement-breakpoint
-- Unmarked rows all carry '' in the second column, so two of them with one mailbox collide; a
-- marked row carries its own id and collides with nothing. Also the index of mailbox look-ups.
CREATE UNIQUE INDEX "users_mailbox_key" ON "users" USING btree (runway_mailbox("email"), (CASE WHEN "shared_mailbox" THEN "id"::text ELSE '' END));--> statement-breakpoint
-- Personal addresses that shared a mailbox: the oldest account keeps it; the later accounts lose
-- the personal address (their college address stays, and mail goes back to it).
UPDATE users u SET personal_email = NULL, mail_to_personal = false
  WHERE u.personal_email IS NOT NULL
    AND EXISTS (SELECT 1 FROM users o
                WHERE o.personal_email IS NOT NULL
                  AND runway_mailbox(o.personal_email) = runway_mailbox(u.personal_email)
                  AND (o.created_at, o.id) < (u.created_at, u.id));--> statement-breakpoint
CREATE UNIQUE INDEX "users_personal_mailbox_key" ON "users" USING btree (runway_mailbox("personal_email")) WHERE "users"."personal_email" is not null;--> statement-breakpoint
-- The rule of 0012 across both columns, by mailbox now; a clash still raises unique_violation under
-- the names the doors answer as "An account with this email already exists".
CREATE OR REPLACE FUNCTION runway_users_addresses_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND NEW.email IS DISTINCT FROM OLD.email THEN
      NEW.shared_mailbox := false;
    END IF;
    IF EXISTS (SELECT 1 FROM users WHERE id <> NEW.id AND personal_email IS NOT NULL
               AND runway_mailbox(personal_email) = runway_mailbox(NEW.email)) THEN
      RAISE EXCEPTION 'e-mail % is another account''s personal e-mail', NEW.email
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_email_lower_key';
    END IF;
    IF NEW.personal_email IS NOT NULL THEN
      IF EXISTS (SELECT 1 FROM users WHERE id <> NEW.id
                 AND runway_mailbox(email) = runway_mailbox(NEW.personal_email)) THEN
        RAISE EXCEPTION 'personal e-mail % is another account''s e-mail', NEW.personal_email
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_personal_email_lower_key';
      END IF;
    END IF;
    RETURN NEW;
  END $$;
