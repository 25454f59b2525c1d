/** The website module's public face. */
export { websiteModule } from './module.ts';
