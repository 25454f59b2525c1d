import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Kdb } from '../../db/index.ts';
import type { AuthContext } from '../../types.ts';
import type { CacheRegistry } from '../cache/cache-registry.ts';
import type { ListCache } from '../crud/list-cache.ts';
import type { Restorers } from '../crud/restorers.ts';
import type { Egress } from '../egress/egress.ts';
import type { Bus } from '../bus/index.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { SecretBox } from '../secret-box.ts';

/** What every module is built on: the ground's shared parts, one instance each per app. */
export interface Ground {
  config: Config;
  database: Database;
  db: Kdb;
  /** Seals stored secrets (storage keys, datasource passwords, wallet keys). */
  box: SecretBox;
  /** Every outbound connection to an address a tenant chose leaves through it. */
  egress: Egress;
  /** List totals of the generic CRUD, dropped when a resource changes. */
  counts: ListCache;
  /** The embedded database serves this process alone: what a process left running on it at start was cut short. */
  sole: boolean;
  /** The app's log, once the app exists (background work built before it logs through this). */
  log(): FastifyBaseLogger | undefined;
  /** Every cache of the app, by name: listed, cleared together, and the one place their drops pass through. */
  caches: CacheRegistry;
  /** Reads an access token (signature, expiry), once per token: the API's auth and the chat socket share it. */
  verifyToken(token: string): AuthContext | null;
  /** The job runner every process shares through the database (decision 0044): modules add their kinds in build. */
  jobs: JobRunner;
  /** How each resource's rows are put back in an earlier state: the modules owning rows add theirs. */
  restorers: Restorers;
  /** The one bus between the server processes (decision 0046): cache drops and the web chat travel on it. */
  bus: Bus;
}

/** What building a module gives: its public services, and its routes and hooks. */
export interface Built<P> {
  provides: P;
  /** Mounts the module's routes and hooks (start and stop steps) on the app. */
  register?(app: FastifyInstance): Promise<void>;
}

/** A module: a name, the modules whose public services it uses, and how it is built from them. */
export interface Module<P> {
  readonly name: string;
  readonly needs: Readonly<Record<string, Module<unknown>>>;
  build(ground: Ground, deps: Readonly<Record<string, unknown>>): Built<P>;
}

type Needs = Record<string, Module<unknown>>;
export type ProvidesOf<M> = M extends Module<infer P> ? P : never;
type DepsOf<N extends Needs> = { readonly [K in keyof N]: ProvidesOf<N[K]> };

interface Spec<N extends Needs, P> {
  name: string;
  needs?: N;
  build(ground: Ground, deps: DepsOf<N>): Built<P>;
}

/**
 * Declares a module. `needs` names the modules (by their public face, `../<name>/index.ts`) whose `provides` the
 * build receives, typed.
 */
export function defineModule<P, N extends Needs = Record<never, never>>(spec: Spec<N, P>): Module<P> {
  return {
    name: spec.name,
    needs: spec.needs ?? {},
    build: (ground, deps) => spec.build(ground, deps as DepsOf<N>),
  };
}

/** The built modules of one app, in the order they were built (every module after those it needs). */
export interface Modules {
  get<P>(module: Module<P>): P;
  has(module: Module<unknown>): boolean;
  names(): string[];
  register(app: FastifyInstance): Promise<void>;
}

/**
 * Builds the listed modules and, first, every module they need (a module listed or needed twice is built once).
 * A cycle in `needs` is refused with its path.
 */
export function buildModules(ground: Ground, list: readonly Module<unknown>[]): Modules {
  const built = new Map<Module<unknown>, Built<unknown>>();
  const visit = (module: Module<unknown>, path: string[]): void => {
    if (built.has(module)) {
      return;
    }
    if (path.includes(module.name)) {
      throw new Error(`modules need each other: ${[...path, module.name].join(' → ')}`);
    }
    const deps: Record<string, unknown> = {};
    for (const [key, need] of Object.entries(module.needs)) {
      visit(need, [...path, module.name]);
      deps[key] = built.get(need)?.provides;
    }
    built.set(module, module.build(ground, deps));
  };
  for (const module of list) {
    visit(module, []);
  }
  return {
    get<P>(module: Module<P>): P {
      const found = built.get(module);
      if (!found) {
        throw new Error(`module ${module.name} is not built`);
      }
      return found.provides as P;
    },
    has: (module) => built.has(module),
    names: () => [...built.keys()].map((m) => m.name),
    async register(app) {
      for (const b of built.values()) {
        await b.register?.(app);
      }
    },
  };
}
