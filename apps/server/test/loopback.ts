import { createServer } from 'node:net';

/**
 * An address of the loopback network for the servers one test file starts, drawn once per file: Linux answers the
 * whole of 127.0.0.0/8 on the loopback device. A port the system called free can be handed out again before a
 * started server binds it; then another test's server answers on that port while this one fails to start, and the
 * test talks to the wrong server until that one stops. On an address of its own a test reaches only its own servers.
 */
export const TEST_HOST =
  process.platform === 'linux'
    ? `127.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 254)).join('.')}`
    : '127.0.0.1';

/** A port nothing listens on at TEST_HOST now: for a server a test starts there. */
export const serverPort = () => freePort(TEST_HOST);

/** A port nothing listens on at `host` now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address !== null) {
          resolve(address.port);
        } else {
          reject(new Error(`no free port on ${host}`));
        }
      });
    });
  });
}
