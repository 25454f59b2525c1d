import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type OidcPeer, startOidcPeer } from '../../apps/server/test/oidc-peer.ts';
import { launchBrowserServer } from './chromium.ts';
import { freePort } from '../../apps/server/test/loopback.ts';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.ts';
import { SOCIAL } from './social.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** Where the files connect to the run's one Chromium. */
    browserWsEndpoint: string;
  }
}

let server: RunningServer | null = null;
let peer: OidcPeer | null = null;
let chromium: BrowserServer | null = null;

/**
 * Starts one server (captcha off) and one Chromium for every browser test. E2E_BASE_URL points the tests at an
 * already running app instead (for debugging against `npm run dev`).
 */
export async function setup(project: TestProject): Promise<void> {
  chromium = await launchBrowserServer();
  project.provide('browserWsEndpoint', chromium.wsEndpoint());
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('adminPassword', process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD);
    return;
  }
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  peer = await startOidcPeer({
    clientId: SOCIAL.clientId,
    clientSecret: SOCIAL.clientSecret,
    redirectUri: `${publicUrl}/oauth/social`,
    accounts: { [SOCIAL.login]: { email: SOCIAL.email, name: SOCIAL.nickname } },
  });
  const providers = {
    [SOCIAL.source]: {
      issuer: peer.issuer,
      name: SOCIAL.name,
      clientId: SOCIAL.clientId,
      clientSecret: SOCIAL.clientSecret,
    },
  };
  server = await startServer({ PUBLIC_URL: publicUrl, SOCIAL_PROVIDERS: JSON.stringify(providers) }, port);
  project.provide('baseUrl', server.url);
  project.provide('adminPassword', ADMIN_PASSWORD);
}

export async function teardown(): Promise<void> {
  await chromium?.close();
  chromium = null;
  await server?.stop();
  server = null;
  await peer?.close();
  peer = null;
}
