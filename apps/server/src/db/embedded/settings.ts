/**
 * How the embedded server is run. `app`: a laptop or a small server sharing the machine with the app (about 150 MB
 * of shared buffers and work memory at most, WAL bounded); every write durable. `test`: one throw-away server for a
 * test run, many databases and connections, nothing synced to disk.
 */
export type Profile = 'app' | 'test';

/** The port only names the socket file (`.s.PGSQL.5432`): the server listens on no TCP address. */
export const SOCKET_PORT = 5432;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The settings file (`yuan.conf`, included by postgresql.conf), written at every start so an upgrade brings its own. */
export function settingsFile(socketDir: string, profile: Profile): string {
  const common: Record<string, string> = {
    // Only the app, through a socket in the cluster's own folder (mode 0700): no TCP port to pick or to guard.
    listen_addresses: "''",
    port: String(SOCKET_PORT),
    unix_socket_directories: quote(socketDir),
    unix_socket_permissions: '0700',
    // As PGlite had it: wall-clock values without an offset mean UTC unless a tenant's zone is set.
    timezone: "'UTC'",
    log_timezone: "'UTC'",
    lc_messages: "'C'",
    shared_buffers: '128MB',
    work_mem: '8MB',
    maintenance_work_mem: '64MB',
    effective_cache_size: '512MB',
    // Small queries with a high estimated cost would pay for compiling; the binaries may lack LLVM anyway.
    jit: 'off',
    max_parallel_workers_per_gather: '1',
    // No replicas: bulk loads (an import, CREATE TABLE … AS) write less WAL.
    wal_level: 'minimal',
    max_wal_senders: '0',
    logging_collector: 'on',
    log_directory: "'log'",
    log_filename: "'postgresql-%a.log'",
    log_truncate_on_rotation: 'on',
    log_rotation_age: '1d',
    log_rotation_size: '0',
  };
  const byProfile: Record<Profile, Record<string, string>> = {
    app: {
      max_connections: '40',
      // PostgreSQL's own WAL bound. At 256 MB a burst of writes (an import, a busy tenant) set off a checkpoint every
      // 3–9 s, and each one stalled every session's writes for ~100 ms while the first change of each page after it
      // wrote the whole page to the WAL.
      max_wal_size: '1GB',
      min_wal_size: '64MB',
      // The largest WAL buffer (one segment): those whole pages fill the default 4 MB at once.
      wal_buffers: '16MB',
    },
    test: {
      max_connections: '300',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_wal_size: '1GB',
    },
  };
  const lines = Object.entries({ ...common, ...byProfile[profile] }).map(([k, v]) => `${k} = ${v}`);
  return `# Written by Yuan Admin at every start of its embedded PostgreSQL; ALTER SYSTEM settings win over these.\n${lines.join('\n')}\n`;
}
