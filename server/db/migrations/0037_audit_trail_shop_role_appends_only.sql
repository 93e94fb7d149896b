-- The audit trail's triggers (migration 0022) bind everyone but its owner, who can disable them; so in a deployment
-- where the migrations run as an owner role and the shop as a role of its own (docs/deploy.md, decision 0042), every
-- role other than the owner that holds rights on the trail (given by the owner's default privileges) keeps reading
-- and adding to it, and nothing more: no UPDATE, DELETE, TRUNCATE, TRIGGER or REFERENCES, no setval on its ids, and
-- no DELETE or TRUNCATE of the stores whose removal cascades to their trail. With one role (the embedded database,
-- or PostgreSQL where the shop runs its own migrations) nobody else holds a right and nothing changes. The owner's
-- connection calls it again at every start (server/db/client.ts), since a restore (pg_restore) makes the tables
-- anew under those default privileges.
CREATE FUNCTION confine_audit_trail() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  holder record;
BEGIN
  FOR holder IN
    SELECT DISTINCT c.relname, g.grantee::regrole::text AS grantee
    FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) g
    WHERE c.oid IN ('audit_events'::regclass, 'audit_events_id_seq'::regclass, 'stores'::regclass)
      AND g.grantee <> c.relowner AND g.grantee <> 0
  LOOP
    EXECUTE format(
      CASE holder.relname
        WHEN 'audit_events' THEN 'REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON TABLE audit_events FROM %s'
        WHEN 'audit_events_id_seq' THEN 'REVOKE UPDATE ON SEQUENCE audit_events_id_seq FROM %s'
        ELSE 'REVOKE DELETE, TRUNCATE ON TABLE stores FROM %s'
      END,
      holder.grantee
    );
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION confine_audit_trail() FROM PUBLIC;
--> statement-breakpoint
SELECT confine_audit_trail();
