/** The wallet module's public face. */
export { walletModule } from './module.ts';
