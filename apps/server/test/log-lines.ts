import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { TestApp } from './harness.ts';

/** An app of no modules on the test app's database that logs at `info` into `lines` (one JSON text per line). */
export async function appLoggingLines(t: TestApp): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const app = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    logStream: { write: (line) => void lines.push(line) },
    modules: [],
  });
  return { app, lines };
}
