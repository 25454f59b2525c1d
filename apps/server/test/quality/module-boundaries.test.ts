import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const MODULES = join(SRC, 'modules');
/** The composition: the only files outside the modules that may import them. */
const COMPOSITION = new Set(['app.ts', 'main.ts', join('modules', 'index.ts')]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sources(path);
    }
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The files a source imports (relative imports only; packages are outside this rule), as the compiler reads them. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name));
}

const inModules = (path: string) => !relative(MODULES, path).startsWith('..');

/** `auth` for src/modules/auth/…, undefined outside the modules' folders. */
function moduleOf(path: string): string | undefined {
  const rel = relative(MODULES, path);
  if (rel.startsWith('..') || !rel.includes(sep)) {
    return undefined;
  }
  return rel.split(sep)[0];
}

const files = sources(SRC);
const moduleNames = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());

describe('module boundaries', () => {
  it('keeps the ground (everything but the modules and the composition) free of imports of any module', () => {
    const found = files
      .filter((file) => moduleOf(file) === undefined && !COMPOSITION.has(relative(SRC, file)))
      .flatMap((file) =>
        importsOf(file)
          .filter(inModules)
          .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
      );
    expect(found).toEqual([]);
  });

  it('lets a module reach another only through its index.ts', () => {
    const found = files.flatMap((file) => {
      const own = moduleOf(file);
      if (own === undefined) {
        return [];
      }
      return importsOf(file)
        .filter((target) => {
          const other = moduleOf(target);
          return other !== undefined && other !== own && target !== join(MODULES, other, 'index.ts');
        })
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`);
    });
    expect(found).toEqual([]);
  });

  it('gives every module a module.ts that builds it and an index.ts that is its public face', () => {
    const missing = moduleNames.flatMap((name) =>
      ['module.ts', 'index.ts']
        .filter((file) => !files.includes(join(MODULES, name, file)))
        .map((file) => `${name}/${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps modules/index.ts a list (at most 120 lines) naming every module', () => {
    const list = readFileSync(join(MODULES, 'index.ts'), 'utf8');
    expect(list.split('\n').length).toBeLessThanOrEqual(120);
    const listed = importsOf(join(MODULES, 'index.ts'))
      .map((target) => moduleOf(target))
      .filter((name) => name !== undefined);
    expect(new Set(listed)).toEqual(new Set(moduleNames));
  });

  it('sees the imports it judges: the list imports every module, the composition imports the list', () => {
    expect(importsOf(join(MODULES, 'index.ts')).filter((t) => moduleOf(t) !== undefined).length).toBe(
      moduleNames.length,
    );
    expect(importsOf(join(SRC, 'app.ts')).some(inModules)).toBe(true);
  });
});
