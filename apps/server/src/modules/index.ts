import type { Module } from '../lib/module/module.ts';
import { appModule } from './app/index.ts';
import { authModule } from './auth/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { deskModule } from './desk/index.ts';
import { developModule } from './develop/index.ts';
import { flowModule } from './flow/index.ts';
import { helpModule } from './help/index.ts';
import { i18nModule } from './i18n/index.ts';
import { logModule } from './log/index.ts';
import { lowcodeModule } from './lowcode/index.ts';
import { mailModule } from './mail/index.ts';
import { reportModule } from './report/index.ts';
import { resourceModule } from './resource/index.ts';
import { revisionModule } from './revision/index.ts';
import { systemModule } from './system/index.ts';
import { triggerModule } from './trigger/index.ts';
import { appPackageModule } from './app-package/index.ts';
import { userModule } from './user/index.ts';
import { walletModule } from './wallet/index.ts';
import { webchatModule } from './webchat/index.ts';
import { websiteModule } from './website/index.ts';

export { authModule, logModule, systemModule };

/** Every module of the server; the app builds each after those it needs. */
export const allModules: readonly Module<unknown>[] = [
  systemModule,
  logModule,
  mailModule,
  resourceModule,
  authModule,
  userModule,
  deskModule,
  helpModule,
  websiteModule,
  appModule,
  lowcodeModule,
  reportModule,
  developModule,
  flowModule,
  triggerModule,
  appPackageModule,
  walletModule,
  webchatModule,
  revisionModule,
  i18nModule,
  dashboardModule,
];
