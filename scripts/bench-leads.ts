// `npm run bench:leads` (not part of `npm test`): the lead list at scale on PostgreSQL. Seeds
// one business with 100k leads among 1M rows, then measures GET /api/leads?limit=50 and a
// search on our real app (session cookie, validation, serialisation) next to two baselines: a
// bare Fastify route running the same SQL with plain `pg`, and a bare route answering the same
// JSON from memory. The servers run in a child process so the load generator does not share
// their event loop. Creates and drops its own database (BENCH_DATABASE_URL); BENCH_KEEP=1 keeps
// it and a later run reuses it unseeded. Prints CPU per request (the servers' process and, when
// PostgreSQL is local, its backends): on a busy machine a steadier figure than requests/s.
// BENCH_PROFILE=<dir> writes the servers' CPU profile there.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Placeholder, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { FIRST_NAMES, LAST_NAMES } from '#server/modules/demo/demo-leads.ts';
import { leadListQuery, type ListShape } from '#server/modules/leads/leads.repo.ts';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldwise_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const LIMIT = 50;

interface Ready {
  app: string;
  bareSql: string;
  memory: string;
  cookie: string;
  explain: string[];
}

const OTHER_TENANTS = 18;
const OTHER_LEADS = 50_000;
const BENCH_LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const words = (xs: string[]) => `(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;
const FIRST = words(FIRST_NAMES);
const LAST = words(LAST_NAMES);
const SERVICES = words([
  'No heat - furnace not igniting',
  'Furnace replacement quote',
  'AC not cooling',
  'Heat pump installation',
  'Annual furnace tune-up',
  'AC tune-up',
  'Water heater replacement',
  'Ductless mini-split installation',
  'Smart thermostat upgrade',
  'Furnace making a banging noise',
  'Central AC replacement',
  'Duct cleaning',
  'Leak under the air handler',
  'Boiler repair',
  'Humidifier install',
  'Panel upgrade',
]);
const TOWNS = words([
  'Dayton, OH',
  'Kettering, OH',
  'Beavercreek, OH',
  'Centerville, OH',
  'Huber Heights, OH',
  'Fairborn, OH',
  'Miamisburg, OH',
  'Xenia, OH',
  'Springboro, OH',
  'Vandalia, OH',
]);
const STATUSES = words([
  'new',
  'new',
  'contacted',
  'qualified',
  'converted',
  'lost',
  'new',
  'contacted',
  'converted',
  'lost',
]);

/** 100k leads for the bench business and 50k for each of 18 others: 1M rows, by generate_series. */
async function seed(database: Database, benchTenantId: string): Promise<void> {
  const db = database.db;
  // Bulk load without the indexes, then rebuild them exactly as the migrations defined them.
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'leads' and indexname <> 'leads_pkey'`,
  );
  for (const ix of indexes) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
  const insert = (tenantId: string, count: number) =>
    db.execute(
      sql.raw(`insert into leads (tenant_id, name, email, phone, service, location, priority, status, lead_score, urgency_score,
        conversion_probability, predicted_value, score_factors, score_model, created_at, updated_at)
      select '${tenantId}', ${FIRST}[1 + (g * 7) % 16] || ' ' || ${LAST}[1 + (g * 13) % 17],
        case when g % 4 = 0 then null else 'customer' || g || '@example.com' end,
        case when g % 5 = 0 then null else '(937) 555-' || lpad((g % 10000)::text, 4, '0') end,
        ${SERVICES}[1 + (g * 3) % 16], ${TOWNS}[1 + (g * 11) % 10], (array['low','medium','high'])[1 + g % 3], ${STATUSES}[1 + g % 10],
        20 + (g * 37) % 70, 20 + (g * 17) % 80, ((g * 29) % 10000) / 100.0, ((g * 53) % 900000) / 100.0,
        '[{"label":"Typical ticket $450","points":9},{"label":"Repair job","points":8}]'::jsonb, 'priors',
        now() - make_interval(secs => g * 25 + (g * 7919) % 25), now() - make_interval(secs => g * 25)
      from generate_series(1, ${count}) g`),
    );
  await insert(benchTenantId, BENCH_LEADS);
  for (let i = 0; i < OTHER_TENANTS; i++) {
    const [tenant] = await queryRows<{ id: string }>(
      db,
      sql`insert into tenants (slug, name) values (${`other-${i}`}, ${`Other ${i}`}) returning id`,
    );
    await insert(tenant?.id ?? '', OTHER_LEADS);
  }
  if (database.raw.kind !== 'pg') throw new Error('the benchmark needs PostgreSQL');
  const client = await database.raw.pool.connect();
  try {
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query('vacuum analyze leads');
  } finally {
    client.release();
  }
}

/** Child: migrate, seed, and serve our app plus the two baselines on random ports. */
async function serve(): Promise<void> {
  // Named connections, so the database's CPU for each server can be read (backendCpuUs).
  const named = (name: string) => {
    const url = new URL(DB_URL);
    url.searchParams.set('application_name', name);
    return url.toString();
  };
  const database = await openDatabase({ databaseUrl: named('bench-app'), poolMax: 10 });
  await runMigrations(database);
  const app = await buildApp({ config: testConfig({ DATABASE_URL: DB_URL }), database, logger: false });
  const credentials = { email: 'bench-leads@example.com', password: 'Furnace-Tune-42!' };
  // A database kept by an earlier run (BENCH_KEEP=1) is used as it is: sign in, no seeding.
  const [kept] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from users where email = ${credentials.email}`,
  );
  const reg = await app.inject(
    kept
      ? { method: 'POST', url: '/api/auth/login', payload: credentials }
      : {
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...credentials, firstName: 'B', lastName: 'L', businessName: 'Bench HVAC' },
        },
  );
  const cookie = reg.cookies.find((c) => c.name.endsWith('fw_sid'));
  if (reg.statusCode >= 300 || !cookie) throw new Error(`bench sign-in failed: ${reg.statusCode} ${reg.body}`);
  const [membership] = await queryRows<{ tenant_id: string }>(
    database.db,
    sql`select tenant_id from memberships join users on users.id = memberships.user_id where users.email = ${credentials.email}`,
  );
  const tenantId = membership?.tenant_id ?? '';
  if (!kept) await seed(database, tenantId);

  // Baseline 1: the same SQL (the repo's own query builder) through plain pg, rows as they come.
  const pool = new pg.Pool({ connectionString: named('bench-bare'), max: 10 });
  const statement = (name: string, shape: ListShape, values: Record<string, unknown>) => {
    const { sql: text, params } = leadListQuery(database.db, shape).toSQL();
    return { name, text, values: params.map((p) => (p instanceof Placeholder ? values[p.name] : p)) };
  };
  const base = { status: false, priority: false, after: false };
  const listSql = statement('bare_list', { ...base, search: false }, { tenantId, limit: LIMIT + 1 });
  const searchSql = statement(
    'bare_search',
    { ...base, search: true },
    { tenantId, limit: LIMIT + 1, pattern: '%furnace%' },
  );
  const bare = Fastify({ logger: false });
  bare.get('/list', async () => (await pool.query(listSql)).rows);
  bare.get('/search', async () => (await pool.query(searchSql)).rows);

  // Baseline 2: our app's exact answers, from memory.
  const cookieHeader = `${cookie.name}=${cookie.value}`;
  const answer = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: { cookie: cookieHeader } })).body;
  const [listJson, searchJson] = [
    await answer(`/api/leads?limit=${LIMIT}`),
    await answer(`/api/leads?q=furnace&limit=${LIMIT}`),
  ];
  const memory = Fastify({ logger: false });
  memory.get('/list', async (_req, reply) => reply.type('application/json').send(listJson));
  memory.get('/search', async (_req, reply) => reply.type('application/json').send(searchJson));

  const explain: string[] = [];
  for (const s of [listSql, searchSql]) {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off) ${s.text.replace(/\$(\d+)/g, (_m, i) => literal(s.values[Number(i) - 1]))}`,
    );
    explain.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }

  const listen = async (server: { listen: (o: { port: number; host: string }) => Promise<string> }) =>
    server.listen({ port: 0, host: '127.0.0.1' });
  const ready: Ready = {
    app: await listen(app),
    bareSql: await listen(bare),
    memory: await listen(memory),
    cookie: cookieHeader,
    explain,
  };
  // The servers' CPU time, asked for around each load run: CPU per request is what a busy
  // machine does not blur (requests/s move with whatever else runs).
  const probe = new pg.Client({ connectionString: named('cpu-probe') });
  await probe.connect();
  process.on('message', (m) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    void backendCpuUs(probe).then((db) => process.send?.({ cpu: { node: user + system, db } }));
  });
  process.send?.(ready);
  process.on('disconnect', () => {
    void Promise.all([app.close(), bare.close(), memory.close()]).then(() =>
      Promise.all([pool.end(), probe.end(), database.close()]),
    );
  });
}

/**
 * CPU time so far (µs) of each database backend serving the bench's servers, by pid: read from
 * /proc, so it needs the database on this machine (else empty). The database's share of a
 * request's cost is the larger one, and a busy machine blurs requests/s but not CPU time.
 */
async function backendCpuUs(probe: pg.Client): Promise<Record<string, number>> {
  const { rows } = await probe.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name like 'bench-%'`,
  );
  const out: Record<string, number> = {};
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second).
      out[pid] = (Number(fields[11]) + Number(fields[12])) * 10_000;
    } catch {
      // Not on this machine, or the backend just ended.
    }
  }
  return out;
}

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

interface Figures {
  rps: number;
  /** The servers' CPU time (user + system) per answered request, in microseconds. */
  cpuUs: number;
  /** The database backends' CPU time per answered request (µs), when the database is local. */
  dbUs: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

interface Target {
  url: string;
  headers?: Record<string, string>;
}

/**
 * Loads each target in turn, ROUNDS times, so a busy machine slows all of them alike; answers
 * each target's median requests/s and its latency percentiles over every round.
 */
interface Cpu {
  node: number;
  db: Record<string, number>;
}

async function compare(targets: Target[], cpu: () => Promise<Cpu>): Promise<Figures[]> {
  const runs = targets.map(() => ({ rps: [] as number[], times: [] as number[], errors: 0, cpuUs: 0, dbUs: 0 }));
  for (const target of targets)
    await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2, headers: target.headers ?? {} }); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      const run = runs[i];
      if (!run) continue;
      const cpuBefore = await cpu();
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { url: target.url, connections: CONNECTIONS, duration: SECONDS, headers: target.headers ?? {} },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
        instance.on('response', (_client, _status, _bytes, ms) => run.times.push(ms));
      });
      const cpuAfter = await cpu();
      run.cpuUs += cpuAfter.node - cpuBefore.node;
      for (const [pid, us] of Object.entries(cpuAfter.db)) run.dbUs += us - (cpuBefore.db[pid] ?? 0);
      run.rps.push(result.requests.average);
      run.errors += result.non2xx + result.errors;
    }
  }
  return runs.map(({ rps, times, errors, cpuUs, dbUs }) => {
    times.sort((a, b) => a - b);
    rps.sort((a, b) => a - b);
    return {
      rps: percentile(rps, 50),
      cpuUs: cpuUs / Math.max(1, times.length),
      dbUs: dbUs / Math.max(1, times.length),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      errors,
    };
  });
}

const row = (title: string, f: Figures, extra = '') =>
  `${title.padEnd(40)} ${Math.round(f.rps).toString().padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p95 ${f.p95.toFixed(1).padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(5)} ms   CPU ${Math.round(f.cpuUs).toString().padStart(5)} + db ${Math.round(f.dbUs).toString().padStart(5)} µs/req${f.errors ? `   (${f.errors} errors!)` : ''}${extra}`;

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(DB_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const dbName = new URL(DB_URL).pathname.slice(1);
  await admin(async (c) => {
    const exists = await c.query(`select 1 from pg_database where datname = $1`, [dbName]);
    if (process.env.BENCH_KEEP && exists.rowCount) return;
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.query(`create database "${dbName}"`);
  });
  let child: ChildProcess | undefined;
  try {
    const started = performance.now();
    // BENCH_PROFILE=<dir>: the servers' process writes a CPU profile there when it ends.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    child = fork(fileURLToPath(import.meta.url), ['--serve'], {
      execArgv: ['--import', 'tsx', ...profile],
      stdio: 'inherit',
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      child?.once('message', (m) => resolve(m as Ready));
      child?.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    console.log(
      `\nSeeded and started in ${((performance.now() - started) / 1000).toFixed(0)} s. Plans (EXPLAIN ANALYZE):\n${ready.explain.join('\n\n')}\n`,
    );
    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s (median req/s), servers in one child process, ${process.version}, PostgreSQL at ${new URL(DB_URL).host}:\n`,
    );
    const server = child;
    const cpu = () =>
      new Promise<Cpu>((resolve) => {
        server.once('message', (m) => resolve((m as { cpu: Cpu }).cpu));
        server.send('cpu');
      });
    for (const [name, path, query] of [
      ['list', 'list', `limit=${LIMIT}`],
      ['search "furnace"', 'search', `q=furnace&limit=${LIMIT}`],
    ] as const) {
      const [ours, bareSql, memory] = (await compare(
        [
          { url: `${ready.app}/api/leads?${query}`, headers: { cookie: ready.cookie } },
          { url: `${ready.bareSql}/${path}` },
          { url: `${ready.memory}/${path}` },
        ],
        cpu,
      )) as [Figures, Figures, Figures];
      const pct = (b: Figures) => `${Math.round((ours.rps / b.rps) * 100)}%`;
      // Efficiency by CPU: the bare route's CPU per request over ours (node alone, and with the
      // database's), which load on a shared machine disturbs far less than requests/s.
      const eff = (b: Figures) =>
        `${Math.round((b.cpuUs / ours.cpuUs) * 100)}% (with db ${Math.round(((b.cpuUs + b.dbUs) / (ours.cpuUs + ours.dbUs)) * 100)}%)`;
      console.log(row(`GET /api/leads?${query}`, ours, `   = ${pct(bareSql)} of bare SQL, ${pct(memory)} of memory`));
      console.log(`${''.padEnd(40)} CPU efficiency: ${eff(bareSql)} of bare SQL`);
      console.log(row(`  baseline: bare Fastify + pg (${name})`, bareSql));
      console.log(row(`  baseline: bare Fastify, JSON in memory`, memory));
    }
  } finally {
    const exited = child && child.exitCode === null ? new Promise((r) => child?.once('exit', r)) : Promise.resolve();
    if (child?.connected) child.disconnect();
    // It ends by itself once its servers close (and writes its profile, if asked to).
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    child?.kill();
    if (!process.env.BENCH_KEEP) await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`));
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
