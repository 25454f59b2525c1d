-- Runs still open (not finished): the scheduler looks for those a stopped server process cut short, every round.
CREATE INDEX yuan_script_run_open_idx ON yuan_script_run (started_at) WHERE finished_at IS NULL;
