/** The application package module's public face. */
export { appPackageModule } from './module.ts';
