import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every app a test or a tool builds names the modules it builds. createTestApp and twoTenantApp require the list (the
 * type checker holds them to it); buildApp, the product's entry, builds every module when none are named, so its
 * calls outside the server's own start are read here. And a test that builds every module says why.
 */
const SERVER = fileURLToPath(new URL('../..', import.meta.url));
const ROOT = join(SERVER, '..', '..');
/** The server's own start builds every module by design. */
const OWN_START = join(SERVER, 'src', 'main.ts');

function sources(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return name === 'node_modules' ? [] : sources(path, keep);
    }
    return keep(name) ? [path] : [];
  });
}

/** What the rule reads: the server's test files and helpers, and the repository's scripts. */
const files = [
  ...sources(join(SERVER, 'src'), (name) => name.endsWith('.test.ts')),
  ...sources(join(SERVER, 'test'), (name) => name.endsWith('.ts')),
  ...sources(join(ROOT, 'scripts'), (name) => name.endsWith('.ts')),
].filter((file) => file !== OWN_START);

const hasComment = (text: string, node: ts.Node) =>
  (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).length > 0;

/** The places in one source that break the rule: `buildApp` without `modules`, `allModules` without a reason. */
function offences(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'buildApp'
    ) {
      const [options] = node.arguments;
      const named =
        options !== undefined &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some(
          (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'modules',
        );
      if (!named) {
        found.push(`${where(node)} buildApp without modules`);
      }
    }
    if (ts.isIdentifier(node) && node.text === 'allModules' && !ts.isImportSpecifier(node.parent)) {
      // The reason sits before the statement, or before the property or argument that passes the list.
      let at: ts.Node = node;
      let said = false;
      while (!said && !ts.isSourceFile(at)) {
        said = hasComment(text, at);
        if (ts.isStatement(at)) {
          break;
        }
        at = at.parent;
      }
      if (!said) {
        found.push(`${where(node)} allModules without a comment saying why`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the modules of a test app', () => {
  it('are named wherever an app is built outside the server’s start, every module only with a reason', () => {
    const found = files.flatMap((file) => offences(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees what it judges: the apps built by tests, and the tests of every route', () => {
    const texts = files.map((file) => readFileSync(file, 'utf8'));
    expect(texts.filter((text) => /\bbuildApp\(/.test(text)).length).toBeGreaterThan(5);
    expect(texts.filter((text) => /\ballModules\b/.test(text)).length).toBeGreaterThan(3);
  });

  it('would report an app of every module by default, or every module without a reason', () => {
    expect(
      offences(
        'sample.test.ts',
        [
          "import { allModules } from './modules/index.ts';",
          'const a = await buildApp({ config, database });',
          'const b = await buildApp({ config, database, modules: [] });',
          'const c = await createTestApp({}, allModules);',
          '// Every route is checked.',
          'const d = await createTestApp({}, allModules);',
          'const e = await buildApp({',
          '  config,',
          '  // Every route is checked.',
          '  modules: allModules,',
          '});',
        ].join('\n'),
      ),
    ).toEqual([
      'sample.test.ts:2 buildApp without modules',
      'sample.test.ts:4 allModules without a comment saying why',
    ]);
  });
});
