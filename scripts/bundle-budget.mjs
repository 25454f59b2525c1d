#!/usr/bin/env node
/**
 * Bundle budget (issue 2 §7), read from the Vite build output of apps/web:
 *  1. the login route's initial JavaScript — the entry chunk, its static imports and the login page chunk with
 *     its static imports — must be at most 250 KB gzip;
 *  2. every route screen (apps/web/src/features/**\/*Page.tsx and the layout) must be a lazy chunk: present in the
 *     manifest as a dynamic entry and not reachable from the entry through static imports.
 * Run `npm run build` first. Exit code 1 when a rule is broken.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 250;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps', 'web');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const LOGIN = 'src/features/auth/login/LoginPage.tsx';
const LAYOUT = 'src/app/layout/MainLayout.tsx';

if (!existsSync(manifestPath)) {
  console.error(`bundle-budget: ${relative(root, manifestPath)} is missing; run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The chunk itself and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) {
    return seen;
  }
  seen.add(key);
  for (const next of manifest[key].imports ?? []) {
    closure(next, seen);
  }
  return seen;
}

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  }
  return gzipCache.get(file);
}

function jsKb(keys) {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) {
      total += gzipKb(file);
    }
  }
  return total;
}

function routeModules(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      found.push(...routeModules(full));
    } else if (/Page\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
      found.push(relative(web, full).split(sep).join('/'));
    }
  }
  return found;
}

const failures = [];
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('bundle-budget: no entry chunk in the manifest');
  process.exit(1);
}
const entry = closure(entryKey);
if (!manifest[LOGIN]) {
  failures.push(`${LOGIN} is not a chunk of its own`);
}
const login = new Set([...entry, ...closure(LOGIN)]);

console.log('Login route initial JavaScript (gzip):');
for (const key of login) {
  const file = manifest[key].file;
  if (file.endsWith('.js')) {
    console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}${key === entryKey ? '  (entry)' : ''}`);
  }
}
const loginKb = jsKb(login);
console.log(`  ${loginKb.toFixed(1).padStart(7)} KB  total (limit ${LIMIT_KB} KB)`);
if (loginKb > LIMIT_KB) {
  failures.push(`login route initial JS is ${loginKb.toFixed(1)} KB gzip, above ${LIMIT_KB} KB`);
}

console.log(
  '\nRoute chunks (lazy; gzip of what each adds beyond the entry, and beyond the layout for shell screens):',
);
const layout = closure(LAYOUT);
const isPublic = (route) => /\/features\/(auth|errors)\//.test(route);
// Route screens live under features/; a shared component named *Page (GrantingCrudPage) is a building block.
const routes = [...new Set([LAYOUT, ...routeModules(join(web, 'src', 'features'))])].sort();
for (const route of routes) {
  const chunk = manifest[route];
  if (!chunk) {
    failures.push(`${route} has no chunk of its own (is it imported statically?)`);
    continue;
  }
  if (!chunk.isDynamicEntry) {
    failures.push(`${route} is not loaded lazily`);
  }
  if (entry.has(route)) {
    failures.push(`${route} is part of the entry's static imports`);
  }
  const shared = route === LAYOUT || isPublic(route) ? new Set() : layout;
  const own = [...closure(route)].filter((key) => !entry.has(key) && !shared.has(key));
  console.log(`  ${jsKb(own).toFixed(1).padStart(7)} KB  ${route}`);
}

if (failures.length > 0) {
  console.error(`\nbundle-budget: FAILED\n${failures.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nbundle-budget: OK (${routes.length} lazy routes)`);
