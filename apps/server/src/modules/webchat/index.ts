/** The web chat module's public face. */
export { webchatModule } from './module.ts';
