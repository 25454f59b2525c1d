-- A report may be limited to some roles: empty, every holder of the report list may view it.
ALTER TABLE yuan_report ADD COLUMN role_ids text NOT NULL DEFAULT '';
