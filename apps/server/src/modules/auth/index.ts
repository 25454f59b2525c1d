/** The auth module's public face. */
export { authModule } from './module.ts';
export type { AuthRepo } from './auth.repo.ts';
export type { SessionGuard } from './session-guard.ts';
export type { SocialRepo } from './social/social.repo.ts';
export { guestUserId } from './token-issuer.ts';
export type { VerifyCodeService } from './verify-code.service.ts';
