import { STANDARD_COLUMNS } from '@yuan/contract';
import type { ColumnInfo } from '../datasource/datasource-tools.service.ts';

/** A code generator record, as the generic CRUD reads it. */
export interface CodeRecord {
  codeName: string;
  tableName: string;
  tablePrefix: string;
  resourceName: string;
  apiPath: string;
  menuParent: string;
  tenantScoped: boolean;
}

type Kind = 'string' | 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'datetime' | 'json' | 'id';
const SQL_OF: Record<Kind, string> = {
  string: 'varchar(255)',
  text: 'text',
  int: 'integer',
  decimal: 'numeric(20, 6)',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  json: 'jsonb',
  id: 'bigint',
};

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const literal = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function kindOf(c: ColumnInfo): Kind {
  const t = c.dataType.toLowerCase();
  if (t === 'bigint') {
    return /(^|_)id$/.test(c.name) ? 'id' : 'int';
  }
  if (t === 'smallint' || t === 'integer') {
    return 'int';
  }
  if (t === 'numeric' || t === 'real' || t === 'double precision') {
    return 'decimal';
  }
  if (t === 'boolean') {
    return 'bool';
  }
  if (t === 'date') {
    return 'date';
  }
  if (t.startsWith('timestamp')) {
    return 'datetime';
  }
  if (t === 'json' || t === 'jsonb') {
    return 'json';
  }
  return t === 'text' ? 'text' : 'string';
}

/** The table's own columns: the standard ones (id, tenant, audit, status) come with every resource. */
const ownColumns = (columns: ColumnInfo[]) => columns.filter((c) => !STANDARD_COLUMNS.includes(c.name));

function fieldLines(columns: ColumnInfo[]): string[] {
  return ownColumns(columns).map((c) => {
    const kind = kindOf(c);
    const parts = [
      `column: ${literal(c.name)}`,
      `kind: '${kind}'`,
      `label: [${literal(c.name)}, ${literal(c.name)}]`,
    ];
    if (!c.nullable && !c.hasDefault) {
      parts.push('required: true');
    }
    if (kind === 'string' && c.maxLength) {
      parts.push(`max: ${c.maxLength}`);
    }
    if (kind === 'string') {
      parts.push("search: 'like'");
    }
    return `    ${camel(c.name)}: { ${parts.join(', ')} },`;
  });
}

/**
 * The files of one generated module, by path in this repository: the contract (one `defineResource`), the server
 * module on the generic CRUD (routes, service and repo of the project's own pattern), the React page on the shared
 * list page, the migration, the menu row and a README that says where each line is registered.
 */
export function generateModule(record: CodeRecord, columns: ColumnInfo[]): Record<string, string> {
  const name = record.resourceName;
  const file = kebab(name);
  const module = record.codeName.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const constName = `${name}Resource`;
  const page = `${pascal(name)}Page`;
  const table = record.tableName;
  const title = table.startsWith(record.tablePrefix) ? table.slice(record.tablePrefix.length) : table;
  const contractPath = `packages/contract/src/${module}/${file}.ts`;
  const serverPath = `apps/server/src/modules/${module}/${file}.module.ts`;
  const webPath = `apps/web/src/features/${module}/${file}/${page}.tsx`;
  const route = `/${module}/${file}`;
  const files: Record<string, string> = {};
  files[contractPath] = `import { defineResource } from '../resource.ts';

/** ${table}: generated from its columns; labels are the column names until you write better ones. */
export const ${constName} = defineResource({
  name: ${literal(name)},
  basePath: ${literal(record.apiPath)},
  table: ${literal(table)},
  perm: ${literal(name)},
  tenantScoped: ${record.tenantScoped},
  title: [${literal(title)}, ${literal(title)}],
  fields: {
${fieldLines(columns).join('\n')}
  },
});
`;
  files[serverPath] = `import { ${constName} } from '@yuan/contract/${module}/${file}';
import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/index.ts';
import type { ListCache } from '../../lib/crud/list-cache.ts';
import { CrudRepo } from '../../lib/crud/crud.repo.ts';
import { crudRoutes } from '../../lib/crud/crud.routes.ts';
import { CrudService, type ResourceRules } from '../../lib/crud/crud.service.ts';

/** ${table} on the generic CRUD: list, detail, submit and remove; its own rules go in \`rules\`. */
export function ${name}Module(db: Kdb, counts: ListCache, rules: ResourceRules = {}) {
  const service = new CrudService(${constName}, new CrudRepo(db, ${constName}, null, true), counts, rules);
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(crudRoutes(${constName}, service), { prefix: ${constName}.basePath });
  };
}
`;
  files[webPath] = `import { ${constName} } from '@yuan/contract/${module}/${file}';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';

const config: CrudConfig = { resource: ${constName} };

/** ${route}/index: ${table} on the shared list page. */
export function ${page}() {
  return <CrudPage config={config} />;
}
`;
  files[`apps/server/src/db/migrations/NNNN_${table}.sql`] = migration(record, columns);
  files['menus.tsv'] =
    `${[record.menuParent || '-', route, name, title, title, 'table', '1', 'no', '-'].join('\t')}\n`;
  files['README.md'] = `# ${table} → ${name}

- \`${contractPath}\`: the resource; export it from packages/contract/src/index.ts.
- \`${serverPath}\`: register it in apps/server/src/modules/index.ts:
  \`await app.register(${name}Module(db, counts));\`
- \`${webPath}\`: add to apps/web/src/features/registry.ts:
  \`'${route}/index': screen(() => import('./${module}/${file}/${page}.tsx'), '${page}'),\`
- \`apps/server/src/db/migrations/NNNN_${table}.sql\`: rename NNNN to the next free number.
- \`menus.tsv\`: the menu row (parent, path, code, names, icon, sort, hidden, buttons) for the seed.
`;
  return files;
}

function migration(record: CodeRecord, columns: ColumnInfo[]): string {
  const table = record.tableName;
  const own = ownColumns(columns).map((c) => {
    const kind = kindOf(c);
    const type = kind === 'string' && c.maxLength ? `varchar(${c.maxLength})` : SQL_OF[kind];
    return `  ${c.name} ${type}${!c.nullable && !c.hasDefault ? ' NOT NULL' : ''},`;
  });
  const lines = [
    `-- ${table}: generated by the code generator.`,
    `CREATE TABLE ${table} (`,
    ...(record.tenantScoped ? ['  tenant_id varchar(12) NOT NULL,'] : []),
    `  id bigint NOT NULL${record.tenantScoped ? '' : ' PRIMARY KEY'},`,
    ...own,
    '  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),',
    '  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),',
    '  status integer NOT NULL DEFAULT 1,',
    `  is_deleted integer NOT NULL DEFAULT 0${record.tenantScoped ? ',' : ''}`,
    ...(record.tenantScoped ? ['  PRIMARY KEY (tenant_id, id)'] : []),
    ');',
    ...(record.tenantScoped ? [`SELECT yuan_enable_tenant_rls('${table}');`] : []),
  ];
  return `${lines.join('\n')}\n`;
}
