import { mkdtempSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'yuan-cfg-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      captchaMode: 'slide',
      tenantMode: false,
      switchMode: false,
      webClientId: 'yuan-web',
      webClientSecret: 'yuan-web-secret',
    });
  });

  it('gives the database pool its documented limits, and the SQL editor room when its timeout is longer', () => {
    expect(loadConfig({ DATA_DIR: dir() }).pool).toEqual({
      max: 10,
      waitMs: 5_000,
      connectMs: 3_000,
      statementMs: 30_000,
      answerMs: 35_000,
    });
    const set = loadConfig({
      DATA_DIR: dir(),
      DB_POOL_MAX: '4',
      DB_POOL_WAIT_MS: '2000',
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '10000',
      SQL_TIMEOUT_MS: '60000',
    });
    expect(set.pool).toEqual({
      max: 4,
      waitMs: 2_000,
      connectMs: 1_000,
      statementMs: 10_000,
      answerMs: 65_000,
    });
    for (const [name, bad] of [
      ['DB_POOL_MAX', '0'],
      ['DB_POOL_WAIT_MS', 'soon'],
      ['DB_CONNECT_TIMEOUT_MS', '10'],
      ['DB_STATEMENT_TIMEOUT_MS', '-1'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir(), [name]: bad }), name).toThrow(new RegExp(name));
    }
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const b = loadConfig({ DATA_DIR: d });
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    expect(readFileSync(join(d, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it('reads EGRESS_ALLOW as a list of hosts, addresses and ranges, and refuses an entry of another shape', () => {
    expect(loadConfig({ DATA_DIR: dir() }).egressAllow).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir(), EGRESS_ALLOW: ' MinIO.internal:9000, 10.0.8.0/24,[fd00::5]:80 ' })
        .egressAllow,
    ).toEqual(['minio.internal:9000', '10.0.8.0/24', '[fd00::5]:80']);
    for (const bad of ['http://minio:9000', '10.0.0.0/33', '*.internal']) {
      expect(() => loadConfig({ DATA_DIR: dir(), EGRESS_ALLOW: bad }), bad).toThrow(/EGRESS_ALLOW/);
    }
  });

  it('reads TRUST_PROXY as a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dir() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['proxy.internal', '10.0.0.0/8/1', 'true', '*']) {
      expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses a JWT secret shorter than 32 bytes and bad values', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), CAPTCHA_MODE: 'maybe' })).toThrow(/CAPTCHA_MODE/);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), MAP_TILE_URL: 'https://tiles.example.com/t.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(
      loadConfig({ DATA_DIR: dir(), MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).mapTileUrl,
    ).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(loadConfig({ DATA_DIR: dir(), TENANT_MODE: 'true', SWITCH_MODE: '1' })).toMatchObject({
      tenantMode: true,
      switchMode: true,
    });
  });

  it('reads the script workers, unset meaning the sandbox decides', () => {
    expect(loadConfig({ DATA_DIR: dir() }).scriptWorkers).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), SCRIPT_WORKERS: '4' }).scriptWorkers).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dir(), SCRIPT_WORKERS: '0' })).toThrow(/SCRIPT_WORKERS/);
    expect(() => loadConfig({ DATA_DIR: dir(), SCRIPT_WORKERS: 'many' })).toThrow(/SCRIPT_WORKERS/);
  });

  it('reads SHUTDOWN_GRACE_MS, 10 s by default, and refuses what is not a whole number of milliseconds', () => {
    expect(loadConfig({ DATA_DIR: dir() }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir(), SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2_500);
    for (const bad of ['-1', 'soon', '1.5']) {
      expect(() => loadConfig({ DATA_DIR: dir(), SHUTDOWN_GRACE_MS: bad }), bad).toThrow(/SHUTDOWN_GRACE_MS/);
    }
  });

  it('reads an empty variable as unset, for every variable .env.example names', () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const names = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
    expect(names).toEqual(
      expect.arrayContaining(['ADMIN_PASSWORD', 'JWT_SECRET', 'SOCIAL_PROVIDERS', 'SMTP_URL']),
    );
    const d = dir();
    const empty = Object.fromEntries(names.map((name) => [name, '']));
    const c = loadConfig({ ...empty, DATA_DIR: d });
    expect(c).toMatchObject({
      port: 8080,
      adminPassword: undefined,
      databaseUrl: undefined,
      captchaMode: 'slide',
    });
    expect(readFileSync(join(d, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    // The same with only blanks, as an env file with `NAME= ` gives it.
    expect(loadConfig({ DATA_DIR: d, ADMIN_PASSWORD: '  ', PORT: ' ' })).toMatchObject({
      adminPassword: undefined,
    });
  });
});
