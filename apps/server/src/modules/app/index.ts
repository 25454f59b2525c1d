/** The app module's public face. */
export { appModule } from './module.ts';
