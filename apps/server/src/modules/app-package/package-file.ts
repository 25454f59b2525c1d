import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  APP_PACKAGE_KIND,
  APP_PACKAGE_VERSION,
  APP_PART_KINDS,
  type AppPackageContent,
  type AppPackageFile,
} from '@yuan/contract';
import { sha256Hex } from '../../lib/digest.ts';
import { AppError } from '../../lib/errors.ts';

/** JSON with object keys sorted at every level: the same content always gives the same bytes, so one checksum. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const checksumOf = (content: AppPackageContent) => sha256Hex(canonicalJson(content));

/** Reads an uploaded package: its kind, a version this server reads, and content that matches its checksum. */
export function readPackage(text: string): AppPackageFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'appPackage.notPackage');
  }
  const file = parsed as Partial<AppPackageFile> | null;
  if (
    !file ||
    typeof file !== 'object' ||
    file.kind !== APP_PACKAGE_KIND ||
    typeof file.content !== 'object'
  ) {
    throw new AppError(400, 'appPackage.notPackage');
  }
  if (typeof file.version !== 'number' || file.version > APP_PACKAGE_VERSION || file.version < 1) {
    throw new AppError(400, 'appPackage.newerVersion', {
      version: String(file.version),
      supported: APP_PACKAGE_VERSION,
    });
  }
  const content = file.content as AppPackageContent;
  if (typeof file.checksum !== 'string' || checksumOf(content) !== file.checksum) {
    throw new AppError(400, 'appPackage.checksum');
  }
  const parts = content.parts as Partial<AppPackageContent['parts']> | undefined;
  if (!parts || typeof parts !== 'object' || APP_PART_KINDS.some((k) => !Array.isArray(parts[k] ?? []))) {
    throw new AppError(400, 'appPackage.notPackage');
  }
  return file as AppPackageFile;
}

const TOKEN_TTL_MS = 30 * 60_000;

/** The preview's consent: this user, this tenant, this file's checksum, for half an hour. */
export function confirmToken(
  secret: Uint8Array,
  tenantId: string,
  userId: string,
  checksum: string,
  now = Date.now(),
) {
  const until = now + TOKEN_TTL_MS;
  const mac = createHmac('sha256', secret)
    .update(`${tenantId}\n${userId}\n${checksum}\n${until}`)
    .digest('hex');
  return `${until}.${mac}`;
}

export function checkConfirmToken(
  secret: Uint8Array,
  token: string,
  tenantId: string,
  userId: string,
  checksum: string,
): void {
  const [until = '', mac = ''] = token.split('.');
  const expected = createHmac('sha256', secret)
    .update(`${tenantId}\n${userId}\n${checksum}\n${until}`)
    .digest();
  const given = Buffer.from(mac, 'hex');
  const valid =
    given.length === expected.length && timingSafeEqual(given, expected) && Number(until) > Date.now();
  if (!valid) {
    throw new AppError(400, 'appPackage.confirmToken');
  }
}
