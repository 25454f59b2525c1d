-- Switch mode: the department and role a session works as (empty: the first department and every role).
ALTER TABLE yuan_session ADD COLUMN active_dept bigint, ADD COLUMN active_role bigint;
