-- Who may call a service by its path (role ids, comma-joined; empty: those who may run any script), and the
-- Blockly workspace a service's code was generated from.
ALTER TABLE yuan_script_service ADD COLUMN role_ids text NOT NULL DEFAULT '';
ALTER TABLE yuan_script_service ADD COLUMN blockly jsonb;
