-- The server processes running on this database, each seen at least every few seconds while it runs: a process that
-- would keep a part of its own (an embedded PostgreSQL, an embedded chain) refuses to start beside others, and an
-- operator sees which nodes share the database. Platform-wide, read and written by the owner role only.
CREATE TABLE yuan_node (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  port integer NOT NULL,
  embedded_database boolean NOT NULL,
  embedded_chain boolean NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON yuan_node FROM yuan_app;
