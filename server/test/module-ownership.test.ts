import fs from 'node:fs';
import path from 'node:path';

// Server modules own their data (ARCHITECTURE.md, "Server modules: each owns its data"): each module under
// src/modules declares the tables it owns in its tables.ts; every table of the migrations has exactly one
// owner; only files of the owner write it (INSERT INTO, UPDATE, DELETE FROM, ON CONFLICT); another module reads
// it only through a view its owner publishes (PUBLISHED_READS, migrations/017_published_reads.sql), and a
// published view reads only its owner's tables; and the modules import each other without a cycle. Pure file
// reading: no database.

const SERVER = path.resolve(__dirname, '..');
const SRC = path.join(SERVER, 'src');
const MODULES = path.join(SRC, 'modules');

/**
 * Stored files are the kernel's file storage (ARCHITECTURE.md lists it in kernel/): its two tables are written
 * by kernel/file-storage.ts and kernel/file-move.ts alone, for every module that keeps a file.
 */
const KERNEL_FILE_STORE = {
  tables: ['stored_files', 'stored_file_chunks'],
  files: ['kernel/file-storage.ts', 'kernel/file-move.ts'],
};

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
}

const moduleNames = () =>
  fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The module a file of src belongs to, or null (kernel, demo, db, plugins, the top-level files). */
export function moduleOf(relPath: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(relPath);
  return match ? (match[1] as string) : null;
}

/** The tables `CREATE TABLE` makes in the migrations. */
export function createdTables(sql: string): string[] {
  return [...sql.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
}

/** The tables a source text writes: INSERT INTO t, UPDATE t, DELETE FROM t (SQL is written in capitals). */
export function writtenTables(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/g))
    found.add(m[1] as string);
  return found;
}

/**
 * The relations a source text reads: FROM t, JOIN t. A fragment composed into a query elsewhere (`${rows}` that
 * starts with a table name) is not seen; the owner's own SQL may use such fragments freely.
 */
export function readRelations(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/g)) found.add(m[1] as string);
  return found;
}

/** The views `CREATE VIEW` makes in the migrations, each with the relations its body reads. */
export function createdViews(sql: string): Map<string, Set<string>> {
  const views = new Map<string, Set<string>>();
  for (const m of sql.matchAll(
    /\bCREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+([a-z_][a-z0-9_]*)\s+AS\b([\s\S]*?);/gi,
  ))
    views.set((m[1] as string).toLowerCase(), readRelations(m[2] as string));
  return views;
}

/** One cycle of a directed graph as [a, b, …, a], or null. */
export function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The relative specifiers a source imports or re-exports, static or dynamic. */
export function importsOf(source: string): string[] {
  const specs = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/g),
    ...source.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g),
    ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ];
  return specs.map((m) => m[1] as string).filter((s) => s.startsWith('.'));
}

/** module → the other modules its files import. */
export function moduleGraph(
  files: ReadonlyArray<{ path: string; source: string }>,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(file.path);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const spec of importsOf(file.source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec));
      const to = moduleOf(`${target}/`);
      if (to !== null && to !== from) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** What one module's tables.ts declares. */
function declared(name: string): { tables: readonly string[]; reads: readonly string[] } {
  const file = path.join(MODULES, name, 'tables.ts');
  if (!fs.existsSync(file)) return { tables: [], reads: [] };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const m = require(file) as { OWNED_TABLES: readonly string[]; PUBLISHED_READS?: readonly string[] };
  return { tables: m.OWNED_TABLES, reads: m.PUBLISHED_READS ?? [] };
}

/** table → its owners, from every module's tables.ts. */
function owners(): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  const add = (table: string, owner: string) => byTable.set(table, [...(byTable.get(table) ?? []), owner]);
  for (const name of moduleNames()) for (const table of declared(name).tables) add(table, name);
  for (const table of KERNEL_FILE_STORE.tables) add(table, 'kernel');
  return byTable;
}

/** published view → the modules that declare it. */
function publishers(): Map<string, string[]> {
  const byView = new Map<string, string[]>();
  for (const name of moduleNames())
    for (const view of declared(name).reads) byView.set(view, [...(byView.get(view) ?? []), name]);
  return byView;
}

const migrationViews = () => {
  const views = new Map<string, Set<string>>();
  for (const f of fs.readdirSync(path.join(SERVER, 'migrations')).filter((f) => f.endsWith('.sql')))
    for (const [view, reads] of createdViews(fs.readFileSync(path.join(SERVER, 'migrations', f), 'utf8')))
      views.set(view, reads);
  return views;
};

/**
 * Every read of `files` that names another module's table instead of a view its owner publishes. Files
 * outside the modules (kernel, demo, db) are not checked; the kernel's file storage is read through its
 * functions, never by name.
 */
export function foreignReads(
  files: ReadonlyArray<{ path: string; source: string }>,
  tableOwners: ReadonlyMap<string, readonly string[]>,
): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const reader = moduleOf(file.path);
    if (reader === null) continue;
    for (const relation of readRelations(file.source)) {
      const owner = tableOwners.get(relation)?.[0];
      if (owner === undefined || owner === reader) continue; // a view, an alias, a CTE, or its own table
      violations.push(`${file.path} reads ${relation}, which ${owner} owns: read a view ${owner} publishes`);
    }
  }
  return violations.sort();
}

const migrationTables = () =>
  fs
    .readdirSync(path.join(SERVER, 'migrations'))
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => createdTables(fs.readFileSync(path.join(SERVER, 'migrations', f), 'utf8')));

const sources = () =>
  sourceFiles(SRC).map((file) => ({ path: rel(file), source: fs.readFileSync(file, 'utf8') }));

describe('modules own their tables', () => {
  it('gives every table of the migrations exactly one owner, and declares no table the migrations lack', () => {
    const tables = migrationTables();
    const byTable = owners();
    expect(tables.length).toBeGreaterThan(20);
    const unowned = tables.filter((t) => !byTable.has(t));
    const shared = [...byTable].filter(([, o]) => o.length > 1).map(([t, o]) => `${t}: ${o.join(', ')}`);
    const unknown = [...byTable.keys()].filter((t) => !tables.includes(t));
    expect({ unowned, shared, unknown }).toEqual({ unowned: [], shared: [], unknown: [] });
  });

  it('has a tables.ts in every module', () => {
    const missing = moduleNames().filter((m) => !fs.existsSync(path.join(MODULES, m, 'tables.ts')));
    expect(missing).toEqual([]);
  });

  it('lets only the owner module write a table', () => {
    const byTable = owners();
    const violations: string[] = [];
    for (const file of sources()) {
      const writer = KERNEL_FILE_STORE.files.includes(file.path) ? 'kernel' : moduleOf(file.path);
      for (const table of writtenTables(file.source)) {
        const owner = byTable.get(table)?.[0];
        if (owner === undefined || owner === writer) continue; // not a table (a word in a comment), or its owner
        violations.push(`${file.path} writes ${table}, which ${owner} owns`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("lets a module read another module's data only through the views its owner publishes", () => {
    expect(foreignReads(sources(), owners())).toEqual([]);
  });

  it('gives every view of the migrations one publisher, whose own tables are all the view reads', () => {
    const views = migrationViews();
    const byView = publishers();
    const byTable = owners();
    expect(views.size).toBeGreaterThanOrEqual(10);
    const unpublished = [...views.keys()].filter((v) => !byView.has(v));
    const shared = [...byView].filter(([, p]) => p.length > 1).map(([v, p]) => `${v}: ${p.join(', ')}`);
    const unknown = [...byView.keys()].filter((v) => !views.has(v));
    const borrowed = [...views].flatMap(([view, reads]) =>
      [...reads]
        // Its owner's tables, or another module's published views (the storefront's offers compose
        // inventory's and the workshop's reads): never another module's table.
        .filter((t) => byTable.get(t)?.[0] !== byView.get(view)?.[0] && !byView.has(t))
        .map((t) => `${view} reads ${t}, which is not ${byView.get(view)?.[0] ?? '(nobody)'}'s`),
    );
    expect({ unpublished, shared, unknown, borrowed }).toEqual({
      unpublished: [],
      shared: [],
      unknown: [],
      borrowed: [],
    });
  });

  it("catches a read of another module's table, and lets views, aliases and its own tables through", () => {
    const tableOwners = new Map([
      ['items', ['inventory']],
      ['sales', ['sales']],
      ['users', ['auth']],
    ]);
    const files = [
      {
        path: 'modules/finance/report.ts',
        source:
          'const a = `SELECT * FROM sales s JOIN stock_items i ON i.id = s.item_id`;\n' +
          'const b = `WITH sales_by_day AS (SELECT 1) SELECT * FROM sales_by_day LEFT JOIN users u ON true`;',
      },
      { path: 'modules/inventory/items.ts', source: "const c = 'SELECT id FROM items WHERE id = $1';" },
      { path: 'demo/seed.ts', source: "const d = 'SELECT id FROM items';" },
    ];
    expect(foreignReads(files, tableOwners)).toEqual([
      'modules/finance/report.ts reads sales, which sales owns: read a view sales publishes',
      'modules/finance/report.ts reads users, which auth owns: read a view auth publishes',
    ]);
    const views = createdViews(
      'CREATE VIEW stock_items AS\n  SELECT i.id FROM items i;\n' +
        'create or replace view odd AS SELECT s.id FROM sales s JOIN items i ON i.id = s.item_id;',
    );
    expect([...views].map(([v, r]) => [v, [...r].sort()])).toEqual([
      ['stock_items', ['items']],
      ['odd', ['items', 'sales']],
    ]);
  });

  it('finds the writes it looks for (and no prose)', () => {
    const sql = `await db.query('INSERT INTO items (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2');
      // update the list; an update happens
      UPDATE clients c SET x = 1; DELETE FROM sessions WHERE 1;
      INSERT INTO document_counters AS dc (shop_id) VALUES (1)`;
    expect([...writtenTables(sql)].sort()).toEqual(['clients', 'document_counters', 'items', 'sessions']);
    expect(createdTables('CREATE TABLE a (x int);\ncreate table if not exists B (y int)')).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('the module graph', () => {
  it('has no cycle between modules', () => {
    const graph = moduleGraph(sources());
    expect(graph.size).toBeGreaterThanOrEqual(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('catches a cycle, direct or through other modules, and reads imports of every form', () => {
    const files = [
      { path: 'modules/a/x.ts', source: "import { b } from '../b';\n" },
      { path: 'modules/b/index.ts', source: "export { c } from '../c/thing';\n" },
      { path: 'modules/c/thing.ts', source: "import type { A } from '../a/types';\n" },
    ];
    expect(findCycle(moduleGraph(files))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(moduleGraph(files.slice(0, 2)))).toBeNull();
    expect(
      importsOf(
        "import {\n  a,\n  b,\n} from '../x';\nexport * from './y';\nconst z = import('../z');\nimport 'fs';",
      ),
    ).toEqual(['../x', './y', '../z']);
  });
});

/** The layer a file of src stands on: config.ts, db/ and kernel/ at the bottom, then the modules, then the rest. */
export function layerOf(relPath: string): 'config' | 'db' | 'kernel' | 'module' | 'app' {
  if (relPath === 'config.ts') return 'config';
  if (relPath.startsWith('db/')) return 'db';
  if (relPath.startsWith('kernel/')) return 'kernel';
  return moduleOf(relPath) === null ? 'app' : 'module';
}

/** What each bottom layer may import besides itself: nothing above it. */
const BELOW: Record<'config' | 'db' | 'kernel', readonly string[]> = {
  config: [],
  db: ['config'],
  kernel: ['config', 'db'],
};

/**
 * The src file a relative specifier of `from` names (`x.ts`, or `x/index.ts` for a folder), or null when it
 * is no file of src (a test helper, another package). `exists` says whether a path of src is a file.
 */
export function resolveImport(
  from: string,
  spec: string,
  exists: (relPath: string) => boolean,
): string | null {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (exists(`${target}.ts`)) return `${target}.ts`;
  if (exists(`${target}/index.ts`)) return `${target}/index.ts`;
  return null;
}

/** file → the files of src it imports. */
export function fileGraph(files: ReadonlyArray<{ path: string; source: string }>): Map<string, Set<string>> {
  const known = new Set(files.map((f) => f.path));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = importsOf(file.source)
      .map((spec) => resolveImport(file.path, spec, (p) => known.has(p)))
      .filter((t): t is string => t !== null);
    graph.set(file.path, new Set(targets));
  }
  return graph;
}

/**
 * Every import that runs back up the layers: config.ts imports no file of src, db/ only config.ts, kernel/
 * only db/ and config.ts; a module imports its own files, the bottom layers and another module's index.ts,
 * never the app around it (context.ts, repositories.ts, app.ts, plugins/, demo/, cli/…).
 */
export function layeringViolations(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    const layer = layerOf(from);
    for (const to of targets) {
      const target = layerOf(to);
      let allowed: boolean;
      if (layer === 'app') allowed = true;
      else if (layer === 'module') {
        const own = moduleOf(from);
        allowed =
          target === 'config' ||
          target === 'db' ||
          target === 'kernel' ||
          moduleOf(to) === own ||
          (target === 'module' && to === `modules/${moduleOf(to)}/index.ts`);
      } else allowed = target === layer || BELOW[layer].includes(target);
      if (!allowed) violations.push(`${from} imports ${to}`);
    }
  }
  return violations.sort();
}

describe('the layers', () => {
  const graph = () => fileGraph(sources());

  it('has no import running back up: bottom layers import nothing above them, modules only index.ts of others', () => {
    expect(layeringViolations(graph())).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(findCycle(graph())).toBeNull();
  });

  it('catches an import that runs back up, and a cycle of files', () => {
    const files = [
      { path: 'config.ts', source: "import { x } from './kernel/x';\n" },
      { path: 'db/open.ts', source: "import type { Config } from '../config';\nimport '../demo/seed';\n" },
      { path: 'kernel/x.ts', source: "import type { Db } from '../db/database';\nexport const x = 1;\n" },
      { path: 'kernel/context.ts', source: "import { createRepositories } from '../repositories';\n" },
      { path: 'modules/a/index.ts', source: "export { s } from './service';\n" },
      {
        path: 'modules/a/service.ts',
        source:
          "import type { Ctx } from '../../context';\nimport { b } from '../b';\nimport { c } from '../b/c';\n" +
          "import { x } from '../../kernel/x';\nimport type { Config } from '../../config';\n",
      },
      { path: 'modules/b/index.ts', source: "export { c } from './c';\n" },
      { path: 'modules/b/c.ts', source: "import { s } from '../a';\nimport { h } from '../../plugins/h';\n" },
      { path: 'context.ts', source: "import { createRepositories } from './repositories';\n" },
      { path: 'repositories.ts', source: "import { s } from './modules/a';\n" },
      { path: 'demo/seed.ts', source: "import '../repositories';\n" },
      { path: 'plugins/h.ts', source: "import type { Ctx } from '../context';\nexport const h = 1;\n" },
    ];
    expect(layeringViolations(fileGraph(files))).toEqual([
      'config.ts imports kernel/x.ts',
      'db/open.ts imports demo/seed.ts',
      'kernel/context.ts imports repositories.ts',
      'modules/a/service.ts imports context.ts',
      'modules/a/service.ts imports modules/b/c.ts',
      'modules/b/c.ts imports plugins/h.ts',
    ]);
    // The circle that the app's context made: it built every module's repositories, and the modules took its type.
    expect(findCycle(fileGraph(files))).toEqual([
      'context.ts',
      'repositories.ts',
      'modules/a/index.ts',
      'modules/a/service.ts',
      'context.ts',
    ]);
    expect(findCycle(fileGraph(files.filter((f) => f.path !== 'modules/a/service.ts')))).toBeNull();
  });
});

describe('server/README.md', () => {
  it('names every module folder in its layout table, and no folder that is gone', () => {
    const readme = fs.readFileSync(path.join(SERVER, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| `modules\/([a-z-]+)\/` \|/gm)].map((m) => m[1] as string).sort();
    expect(listed).toEqual(moduleNames());
  });
});
