// `npm test` step "table ownership": fails when a server file queries a table its area does not
// own (src/server/db/table-owners.ts). A file's area is its module (`modules/<area>/…`) or its
// server folder (`ai/`, `mail/`, `security/`, `db/`); tests are left out. Another area's data comes
// through the owner's exported service functions. It also fails while docs/ARCHITECTURE.md's table
// of areas and their tables (scripts/architecture-tables.ts) disagrees with the map. `--report`
// prints the figures.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { TABLE_OWNERS } from '../src/server/db/table-owners.ts';
import { ARCHITECTURE, blockIsCurrent } from './architecture-tables.ts';
import { resolveSpecifier } from './check-imports.ts';

export interface TableImport {
  file: string;
  table: string;
}

/**
 * The files that still query another area's table, each named by file and table, and why. This
 * list may only shrink: an entry that no longer matches an import fails the check too.
 */
export const EXCEPTIONS: (TableImport & { why: string })[] = [];

const SERVER = path.join('src', 'server');
/** Hands the whole schema to drizzle() (the one namespace import of it); it queries nothing. */
const SCHEMA_HOLDER = path.join(SERVER, 'db', 'client.ts');
const SCHEMA = path.join(SERVER, 'db', 'schema');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === SCHEMA || entry.name === 'migrations' ? [] : serverFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** "leads" for src/server/modules/leads/x.ts, "ai" for src/server/ai/x.ts, "db" for src/server/db/…. */
export function areaOf(file: string): string {
  const parts = path.normalize(file).split(path.sep);
  return parts[2] === 'modules' ? parts[3]! : parts.length > 3 ? parts[2]! : '(server)';
}

/** The tables a file imports from the schema (a namespace import counts as every table). */
export function tablesImportedBy(file: string, text = readFileSync(file, 'utf8')): TableImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: TableImport[] = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const clause = node.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const target = resolveSpecifier(file, node.moduleSpecifier.text);
    if (!target || path.dirname(target) !== SCHEMA) continue;
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      if (path.normalize(file) === SCHEMA_HOLDER) continue;
      for (const table of Object.keys(TABLE_OWNERS)) found.push({ file, table });
    } else if (bindings) {
      for (const e of bindings.elements) {
        const table = (e.propertyName ?? e.name).text;
        if (!e.isTypeOnly && table in TABLE_OWNERS) found.push({ file, table });
      }
    }
  }
  return found;
}

/** Imports of a table owned by another area; `owners` is the map (the real one unless a test passes its own). */
export function violations(
  imports: TableImport[],
  owners: Record<string, string> = TABLE_OWNERS,
): (TableImport & { owner: string })[] {
  return imports.flatMap((i) => {
    const owner = owners[i.table];
    return owner && owner !== areaOf(i.file) ? [{ ...i, owner }] : [];
  });
}

const key = (i: TableImport) => `${path.normalize(i.file)} ${i.table}`;

/** What the check says: violations not in the list, and entries of the list that no longer hold. */
export function checkOwnership(
  imports: TableImport[],
  exceptions: TableImport[] = EXCEPTIONS,
  owners: Record<string, string> = TABLE_OWNERS,
): { unexpected: (TableImport & { owner: string })[]; stale: TableImport[]; excepted: number } {
  const found = violations(imports, owners);
  const allowed = new Set(exceptions.map(key));
  const seen = new Set(found.map(key));
  return {
    unexpected: found.filter((v) => !allowed.has(key(v))),
    stale: exceptions.filter((e) => !seen.has(key(e))),
    excepted: found.filter((v) => allowed.has(key(v))).length,
  };
}

function main(): void {
  const files = serverFiles(SERVER);
  const imports = files.flatMap((f) => tablesImportedBy(f));
  const { unexpected, stale, excepted } = checkOwnership(imports);
  if (process.argv.includes('--report')) {
    const byFile = new Set(violations(imports).map((v) => v.file));
    console.log(
      `tables: ${Object.keys(TABLE_OWNERS).length}, files querying tables: ${new Set(imports.map((i) => i.file)).size}`,
    );
    console.log(`files that query another area's table: ${byFile.size} (${excepted} listed exceptions)`);
    const repos = [...byFile].filter((f) => f.endsWith('.repo.ts'));
    console.log(
      `repos that touch another module's tables: ${repos.length}${repos.length ? ` (${repos.join(', ')})` : ''}`,
    );
  }
  for (const v of unexpected)
    console.error(`${v.file} imports ${v.table}, which ${v.owner} owns: call ${v.owner}'s service instead.`);
  for (const e of stale)
    console.error(`${e.file} no longer imports ${e.table}: remove it from EXCEPTIONS in scripts/check-tables.ts.`);
  const docCurrent = blockIsCurrent();
  if (!docCurrent)
    console.error(
      `${ARCHITECTURE}: the table of areas and their tables is out of date: run node --import tsx scripts/architecture-tables.ts.`,
    );
  if (unexpected.length || stale.length || !docCurrent) process.exit(1);
  console.log(`Every table query in its owner's area (${excepted} listed exceptions).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
