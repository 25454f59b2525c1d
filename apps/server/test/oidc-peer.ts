import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcPeer {
  issuer: string;
  /** Signs `login` in at the provider (its built-in login and consent forms) and returns the callback URL. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface PeerAccount {
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback with one confidential client. Its development
 * login form accepts any password; `accounts` gives the claims of the known logins.
 */
export async function startOidcPeer(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, PeerAccount>;
}): Promise<OidcPeer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
    findAccount: (_ctx, sub) => {
      const account = client.accounts[sub];
      return account
        ? { accountId: sub, claims: () => ({ sub, preferred_username: sub, ...account }) }
        : undefined;
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: ['oidc-peer-cookie-key'] },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop += 1) {
      if (url.origin !== issuer) {
        return url;
      }
      const page = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      remember(page);
      const location = page.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      // An interaction page: answer its form (login first, then consent).
      const html = await page.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!prompt) {
        throw new Error(`the provider answered ${page.status} without a form`);
      }
      const form = new URLSearchParams({ prompt, login, password: 'any' });
      const posted = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      remember(posted);
      url = new URL(posted.headers.get('location') ?? '', url);
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
