-- Designed forms (pages) and grids of an entity: their JSON is what the web draws; one of each may be the entity's
-- default. Their saved versions go to yuan_dt_version (kind 'page' / 'grid'). Both tables have one shape.
DO $$
DECLARE
  kind text;
BEGIN
  FOREACH kind IN ARRAY ARRAY['page', 'grid'] LOOP
    EXECUTE format($table$
      CREATE TABLE yuan_dt_%1$s (
        tenant_id varchar(12) NOT NULL,
        id bigint NOT NULL,
        %1$s_no varchar(64) NOT NULL,
        %1$s_name varchar(255) NOT NULL,
        ent_id bigint NOT NULL,
        %2$s jsonb,
        is_default boolean NOT NULL DEFAULT false,
        create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
        update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
        status integer NOT NULL DEFAULT 1,
        is_deleted integer NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, id)
      );
      CREATE UNIQUE INDEX yuan_dt_%1$s_no_uq ON yuan_dt_%1$s (tenant_id, %1$s_no) WHERE is_deleted = 0;
      CREATE INDEX yuan_dt_%1$s_live_idx ON yuan_dt_%1$s (tenant_id, id DESC) WHERE is_deleted = 0;
      CREATE INDEX yuan_dt_%1$s_ent_idx ON yuan_dt_%1$s (tenant_id, ent_id) WHERE is_deleted = 0;
    $table$, kind, CASE kind WHEN 'page' THEN 'form_json' ELSE 'grid_json' END);
    PERFORM yuan_enable_tenant_rls('yuan_dt_' || kind);
  END LOOP;
END
$$;
