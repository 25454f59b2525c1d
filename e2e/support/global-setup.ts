import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

let server: RunningServer | null = null;

/**
 * Starts one server (captcha off) for every browser test. E2E_BASE_URL points the tests at an already running
 * app instead (for debugging against `npm run dev`).
 */
export async function setup(project: TestProject): Promise<void> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('adminPassword', process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD);
    return;
  }
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('adminPassword', ADMIN_PASSWORD);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = null;
}
