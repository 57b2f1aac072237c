// `npm test` step "import cycles": fails when a file takes part in an import cycle — type-only
// imports included, which eslint-plugin-import-x's no-cycle skips —, when a server file imports a
// layer above its own (SERVER_LAYERS), or when a production file runs over 400 lines. The
// client's feature fences themselves are lint rules (eslint.config.js); `--report` also prints the
// figures the fences keep at zero and the server's layers and floors, e.g.
// `node --import tsx scripts/check-imports.ts --report src`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

const ROOT = process.cwd();
const ALIASES: [prefix: string, dir: string][] = [
  ['@/', 'src/client/'],
  ['@shared/', 'src/shared/'],
  ['#server/', 'src/server/'],
  ['#shared/', 'src/shared/'],
  ['#tests/', 'tests/'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The repository-relative file a specifier names, or null for a package. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.join(path.dirname(fromFile), specifier);
  else {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = alias[1] + specifier.slice(alias[0].length);
  }
  if (base === null) return null;
  const withoutJs = base.replace(/\.js$/, '');
  for (const candidate of [base, withoutJs]) {
    for (const ext of EXTENSIONS) {
      const file = candidate + ext;
      if (existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile()) return path.normalize(file);
    }
  }
  return null;
}

/** Every import of one file: static, re-exports and dynamic import(); `typeOnly` when it brings in types only. */
export function importsOf(file: string): Edge[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const to = resolveSpecifier(file, specifier);
    if (to) edges.push({ from: file, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!bindings &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Strongly connected groups of more than one file (or a file importing itself): each is a cycle. */
export function cyclesOf(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (next.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const f of files) if (!indexOf.has(f)) connect(f);
  return groups;
}

/**
 * The server's layers, bottom to top; a production file imports only its own layer and those
 * below. The areas (modules, and the HTTP plugins their routes use) sit on the foundation;
 * above them only what assembles the running app from the areas.
 */
export const SERVER_LAYERS = [
  { name: 'shared', holds: 'src/shared: schemas and pure catalogues both sides read' },
  { name: 'foundation', holds: 'config, errors, logging, db, security, integrations, mail, ai, jobs (the queue)' },
  { name: 'areas', holds: 'modules/<area>, plugins/' },
  { name: 'wiring', holds: 'app.ts, main.ts, the job registry (jobs/definitions.ts, maintenance.ts)' },
] as const;

const WIRING = new Set(['app.ts', 'main.ts', 'jobs/definitions.ts', 'jobs/maintenance.ts']);

/** The index in SERVER_LAYERS of a server or shared file; null for the client, tests and scripts. */
export function layerOf(file: string): number | null {
  const f = file.split(path.sep).join('/');
  if (f.startsWith('src/shared/')) return 0;
  if (!f.startsWith('src/server/')) return null;
  const inServer = f.slice('src/server/'.length);
  if (WIRING.has(inServer)) return 3;
  if (inServer.startsWith('modules/') || inServer.startsWith('plugins/')) return 2;
  return 1;
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.startsWith(`tests${path.sep}`);

/** Imports of a production file into a layer above its own. */
export function importsUp(edges: Edge[]): Edge[] {
  return edges.filter((e) => {
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    return !isTest(e.from) && from !== null && to !== null && to > from;
  });
}

export const MAX_LINES = 400;

/** Production files (tests left out) longer than MAX_LINES, with their line counts. */
export function longFiles(files: string[]): { file: string; lines: number }[] {
  return files.flatMap((file) => {
    if (isTest(file)) return [];
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > MAX_LINES ? [{ file, lines }] : [];
  });
}

/**
 * The floors of the server's modules: a module that imports no other module is on floor 0, any
 * other one floor above the highest module it imports (modules that import each other share
 * a floor). The count says how tall the house is.
 */
export function moduleFloors(edges: Edge[]): string[][] {
  const moduleOf = (f: string) => {
    const parts = f.split(path.sep);
    return parts[1] === 'server' && parts[2] === 'modules' ? parts[3]! : null;
  };
  const pairs = edges.flatMap((e) => {
    const [a, b] = [moduleOf(e.from), moduleOf(e.to)];
    return a && b && a !== b && !isTest(e.from) ? [edge(a, b)] : [];
  });
  const modules = [...new Set(edges.flatMap((e) => [moduleOf(e.from), moduleOf(e.to)]).filter((m) => m !== null))];
  const group = new Map<string, string>(modules.map((m) => [m, m]));
  for (const cycle of cyclesOf(modules, pairs)) for (const m of cycle) group.set(m, cycle[0]!);
  const floor = new Map<string, number>();
  const floorOf = (m: string): number => {
    const g = group.get(m)!;
    if (floor.has(g)) return floor.get(g)!;
    const below = pairs.filter((p) => group.get(p.from) === g && group.get(p.to) !== g).map((p) => floorOf(p.to));
    const f = below.length ? Math.max(...below) + 1 : 0;
    floor.set(g, f);
    return f;
  };
  const floors: string[][] = [];
  for (const m of modules.sort()) (floors[floorOf(m)] ??= []).push(m);
  return floors;
}

const edge = (from: string, to: string): Edge => ({ from, to, typeOnly: false, dynamic: false });

/** "features/leads" for src/client/features/leads/x.tsx; "app", "lib", "components", … for the rest. */
export function clientArea(file: string): string | null {
  const parts = file.split(path.sep);
  if (parts[0] !== 'src' || parts[1] !== 'client') return null;
  if (parts[2] === 'features') return `features/${parts[3]}`;
  return parts.length > 3 ? parts[2]! : '(root)';
}

function report(files: string[], edges: Edge[]): void {
  const count = (pred: (e: Edge) => boolean) => edges.filter(pred).length;
  const area = (f: string) => clientArea(f) ?? '';
  const isFeature = (f: string) => area(f).startsWith('features/');
  const cross = edges.filter((e) => isFeature(e.from) && isFeature(e.to) && area(e.from) !== area(e.to));
  const byPair = new Map<string, number>();
  for (const e of cross)
    byPair.set(`${area(e.from)} -> ${area(e.to)}`, (byPair.get(`${area(e.from)} -> ${area(e.to)}`) ?? 0) + 1);
  const clientFiles = files.filter((f) => f.startsWith(path.join('src', 'client')));
  console.log(
    `files: ${files.length} (client ${clientFiles.length}, client features ${clientFiles.filter(isFeature).length})`,
  );
  console.log(`cross-feature imports: ${cross.length}`);
  for (const [pair, n] of [...byPair].sort()) console.log(`  ${pair}: ${n}`);
  console.log(`  of which into features/auth: ${cross.filter((e) => area(e.to) === 'features/auth').length}`);
  console.log(`feature -> app imports: ${count((e) => isFeature(e.from) && area(e.to) === 'app')}`);
  console.log(
    `lib/components -> feature imports: ${count((e) => ['lib', 'components'].includes(area(e.from)) && isFeature(e.to))}`,
  );
  const runtime = edges.filter((e) => !e.typeOnly);
  console.log(`cycles (type imports included): ${cyclesOf(files, edges).length}`);
  console.log(`cycles (runtime imports only): ${cyclesOf(files, runtime).length}`);
  const server = files.filter((f) => layerOf(f) !== null && !isTest(f));
  if (!server.length) return;
  console.log(`server layers, bottom to top: ${SERVER_LAYERS.length}`);
  SERVER_LAYERS.forEach((layer, i) =>
    console.log(`  ${layer.name}: ${server.filter((f) => layerOf(f) === i).length} files (${layer.holds})`),
  );
  const floors = moduleFloors(edges);
  console.log(`modules: ${floors.flat().length} on ${floors.length} floors`);
  floors.forEach((mods, i) => console.log(`  floor ${i}: ${mods.join(', ')}`));
  console.log(`imports that run back up a layer: ${importsUp(edges).length}`);
  console.log(`production files over ${MAX_LINES} lines: ${longFiles(files).length}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const wantReport = args.includes('--report');
  const roots = args.filter((a) => !a.startsWith('--'));
  const files = (roots.length ? roots : ['src/client', 'src/shared'])
    .flatMap((root) => sourceFiles(root))
    .map((f) => path.normalize(f));
  const edges = files.flatMap(importsOf);
  if (wantReport) report(files, edges);
  const cycles = cyclesOf(files, edges);
  for (const group of cycles) {
    console.error(`Import cycle: ${group.join(' <-> ')}`);
    for (const e of edges.filter((e) => group.includes(e.from) && group.includes(e.to)))
      console.error(`  ${e.from} -> ${e.to}${e.typeOnly ? ' (type only)' : ''}${e.dynamic ? ' (dynamic)' : ''}`);
  }
  if (cycles.length)
    console.error(`${cycles.length} import cycle(s). Move what both files need into a third file both import.`);
  const up = importsUp(edges);
  const layerName = (f: string) => SERVER_LAYERS[layerOf(f)!]?.name;
  for (const e of up)
    console.error(
      `${e.from} (${layerName(e.from)}) imports ${e.to} (${layerName(e.to)}), a layer above: move what it needs down, or hand it in from above.`,
    );
  const long = longFiles(files);
  for (const l of long)
    console.error(`${l.file} has ${l.lines} lines (at most ${MAX_LINES}): split it by what its parts do.`);
  if (cycles.length || up.length || long.length) process.exit(1);
  console.log(
    `No import cycles in ${files.length} files, no import up a server layer, no production file over ${MAX_LINES} lines.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
