/** The log module's public face. */
export { logModule } from './module.ts';
export type { ErrorLogRepo } from './error-log.repo.ts';
export type { LogService, UsualEntry } from './log.service.ts';
export { RETENTION_PARAM } from './log.service.ts';
