/** The desk module's public face. */
export { deskModule } from './module.ts';
export type { NoticeReaderService } from './notice-reader.service.ts';
