// `npm start`: builds the web app, then runs the server in this very process. No wrapper sits between the signal a
// service manager sends and the server: the tsx command relays a SIGTERM to its child and kills it 30 ms later
// unless the child acknowledged it in time (a busy server does not), and a shell would die without passing it on.
// START_BUILD: always (default) | changed (only when the web app's sources are newer than its build) | never.
import { buildWebFirst } from './web-build.mjs';

await buildWebFirst();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
