-- One address, one account, across both columns: a college e-mail may not be another account's
-- personal e-mail and the other way round (each column has its own unique index already). The doors
-- make a clash unlikely (accounts are created in the college domain, personal addresses must be
-- outside it), but the domain can be reconfigured and older accounts break the rule, so every door
-- that writes users is held to it here. A clash raises unique_violation under the name of the
-- column's unique index, which the doors already answer as "An account with this email already
-- exists". (Two transactions writing the same
-- address into different columns at the same instant could both pass; the personal e-mail flow
-- checks again when the code is entered. No lock per row: a 100 000-row import would exhaust the
-- lock table.)
CREATE OR REPLACE FUNCTION runway_users_addresses_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM users WHERE id <> NEW.id AND lower(personal_email) = lower(NEW.email)) THEN
      RAISE EXCEPTION 'e-mail % is another account''s personal e-mail', NEW.email
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_email_lower_key';
    END IF;
    IF NEW.personal_email IS NOT NULL THEN
      IF EXISTS (SELECT 1 FROM users WHERE id <> NEW.id AND lower(email) = lower(NEW.personal_email)) THEN
        RAISE EXCEPTION 'personal e-mail % is another account''s e-mail', NEW.personal_email
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_personal_email_lower_key';
      END IF;
    END IF;
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER users_addresses_biu
  BEFORE INSERT OR UPDATE OF email, personal_email ON users
  FOR EACH ROW EXECUTE FUNCTION runway_users_addresses_trigger();
