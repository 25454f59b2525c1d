/** The third-party sign-in of the browser tests: a real OpenID Connect provider on loopback (global set-up). */
export const SOCIAL = {
  source: 'oidc',
  name: 'Yuan ID',
  clientId: 'yuan-e2e',
  clientSecret: 'e2e-oidc-secret-0123456789',
  /** A login the provider knows (its development login form takes any password). */
  login: 'carol',
  email: 'carol@example.com',
  nickname: 'Carol',
};
