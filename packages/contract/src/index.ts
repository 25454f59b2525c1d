export * from './auth.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './menu.ts';
export * from './messages.ts';
