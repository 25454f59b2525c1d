import { defineModule } from '../../lib/module/module.ts';
import type { AuthContext } from '../../types.ts';
import { logModule } from '../log/index.ts';
import { mailModule } from '../mail/index.ts';
import { resourceModule } from '../resource/index.ts';
import { AuthRepo } from './auth.repo.ts';
import { MfaRepo } from './mfa/mfa.repo.ts';
import { mfaRoutes, mfaSignInRoutes } from './mfa/mfa.routes.ts';
import { MfaService } from './mfa/mfa.service.ts';
import { MfaAccountService } from './mfa/mfa-account.service.ts';
import { mfaGrant } from './mfa/mfa-grant.ts';
import { Passkeys } from './mfa/passkeys.ts';
import { authRoutes } from './auth.routes.ts';
import { CaptchaService } from './captcha.service.ts';
import { ClientAuth } from './client-auth.ts';
import { PhoneLoginService } from './phone-login.service.ts';
import { SessionRepo } from './session.repo.ts';
import { SessionGuard } from './session-guard.ts';
import { socialConfig } from './social/social-config.ts';
import { SocialRepo } from './social/social.repo.ts';
import { SocialLoginService } from './social/social-login.service.ts';
import { SsoRepo } from './sso/sso.repo.ts';
import { SsoService } from './sso/sso.service.ts';
import { TokenService } from './token.service.ts';
import { TokenIssuer } from './token-issuer.ts';
import { VerifyCodeService } from './verify-code.service.ts';

/** Signing in (password, phone code, social providers, single sign-on), tokens, sessions and one-time codes. */
export const authModule = defineModule({
  name: 'auth',
  needs: { log: logModule, mail: mailModule, resource: resourceModule },
  build(ground, { log, mail: { mail }, resource }) {
    const { config, database, db } = ground;
    const sessionRepo = new SessionRepo(db);
    const sessions = new SessionGuard(sessionRepo, database, ground.caches);
    const authRepo = new AuthRepo(db);
    const clients = new ClientAuth(authRepo, ground.caches);
    const captcha = new CaptchaService(db, config.captchaMode);
    const issuer = new TokenIssuer(config, authRepo, sessionRepo);
    const tokens = new TokenService(
      config,
      database,
      authRepo,
      sessionRepo,
      sessions,
      clients,
      captcha,
      issuer,
    );
    const codes = new VerifyCodeService(db);
    const phone = new PhoneLoginService(database, authRepo, tokens, codes, resource.sms);
    const socialRepo = new SocialRepo(db);
    const socialSettings = socialConfig(config.env, `http://${config.host}:${config.port}`);
    const social = new SocialLoginService(socialSettings, database, socialRepo, authRepo, tokens);
    const sso = new SsoService(database, new SsoRepo(db), authRepo, tokens, sessions, codes, mail);
    const mfaRepo = new MfaRepo(db);
    const mfa = new MfaService(
      database,
      mfaRepo,
      authRepo,
      ground.box,
      new Passkeys(socialSettings.publicUrl),
    );
    const mfaAccount = new MfaAccountService(database, mfaRepo, authRepo, mfa);
    tokens.useSecondStep((tenantId, user, client) =>
      mfa.demand({ tenantId, user, clientId: client.client_id }),
    );
    tokens.addGrant('mfa', (req, client) => mfaGrant(database, mfa, tokens, req, client));
    tokens.addGrant('social', (req, client) => social.grant(req, client));
    tokens.addGrant('authorization_code', (req, client) => sso.codeGrant(req, client));

    /** Background work (process timers, schedules) runs as a user with the roles and department they have now. */
    const actAs = async (tenantId: string, userId: string): Promise<AuthContext | undefined> => {
      const user = await authRepo.findUser(tenantId, userId);
      if (!user) {
        return undefined;
      }
      const roleIds = String(user.role_id ?? '')
        .split(',')
        .filter(Boolean);
      const roles = await authRepo.rolesOf(tenantId, roleIds);
      return {
        tenantId,
        userId,
        account: user.account,
        roleNames: roles.map((r) => r.role_alias),
        roleIds,
        deptId: String(user.dept_id ?? '').split(',')[0] ?? '',
        sessionId: '',
        clientId: '',
      };
    };
    return {
      provides: { sessions, authRepo, socialRepo, codes, actAs },
      async register(app) {
        const secureCookies = socialSettings.publicUrl.startsWith('https:');
        await app.register(
          authRoutes({
            tokens,
            captcha,
            errorLog: log.errorLog,
            sessions,
            caches: ground.caches,
            logs: log.logs,
            phone,
            social,
            sso,
            secureCookies,
          }),
          { prefix: '/api/yuan-auth' },
        );
        await app.register(mfaSignInRoutes(mfaAccount), { prefix: '/api/yuan-auth/oauth/mfa' });
        await app.register(mfaRoutes(mfaAccount, log.logs), { prefix: '/api/yuan-user/mfa' });
      },
    };
  },
});
