/** The dashboard module's public face. */
export { dashboardModule } from './module.ts';
