/** The user module's public face. */
export { userModule } from './module.ts';
