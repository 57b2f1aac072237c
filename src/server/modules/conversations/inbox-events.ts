import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '#server/db/client.ts';

/**
 * Live updates of the inbox (decision 026): a thread changed (a message in, a reply out, a
 * delivery status, a status or assignee change). One bus per database: on embedded PGlite (one
 * process) an in-process emitter; on a PostgreSQL server, where several app processes and job
 * workers share the database, each publish is a NOTIFY on one channel and each process LISTENs
 * on one dedicated connection, so a text received by any process reaches every open inbox.
 */
export interface InboxEvent {
  conversationId: string;
  /** What changed, for the client to pick which queries to refresh. */
  kind: 'message' | 'status' | 'thread';
}

type Listener = (event: InboxEvent) => void;
const CHANNEL = 'fieldwise_inbox';

class InboxBus {
  private readonly local = new EventEmitter();
  private listenClient: pg.PoolClient | null = null;
  private listening: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool | null) {
    this.local.setMaxListeners(0);
  }

  async publish(db: Db, tenantId: string, event: InboxEvent): Promise<void> {
    if (!this.pool) {
      this.local.emit(tenantId, event);
      return;
    }
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ tenantId, ...event })})`);
  }

  /** Calls `fn` for each event of the business until the answer is called. */
  async subscribe(tenantId: string, fn: Listener): Promise<() => void> {
    this.local.on(tenantId, fn);
    if (this.pool) await this.listen();
    return () => this.local.off(tenantId, fn);
  }

  private listen(): Promise<void> {
    this.listening ??= (async () => {
      const client = await this.pool!.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const { tenantId, ...event } = JSON.parse(msg.payload) as InboxEvent & { tenantId: string };
          this.local.emit(tenantId, event);
        } catch {
          // Not ours: ignored.
        }
      });
      await client.query(`LISTEN ${CHANNEL}`);
      this.listenClient = client;
    })();
    return this.listening;
  }

  close(): void {
    this.local.removeAllListeners();
    this.listenClient?.release();
    this.listenClient = null;
    this.listening = null;
  }
}

const buses = new WeakMap<Db, InboxBus>();

/** The app's bus, made when the conversations routes are registered. */
export function openInboxBus(database: Database): InboxBus {
  const bus = new InboxBus(database.raw.kind === 'pg' ? database.raw.pool : null);
  buses.set(database.db, bus);
  return bus;
}

/** The bus of this database (an in-process one when none was opened: a job run outside an app). */
export function inboxBus(db: Db): InboxBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new InboxBus(null);
    buses.set(db, bus);
  }
  return bus;
}

/** Tells every open inbox of the business that a thread changed; a failure to tell never fails the change. */
export async function publishInboxEvent(db: Db, tenantId: string, event: InboxEvent): Promise<void> {
  try {
    await inboxBus(db).publish(db, tenantId, event);
  } catch {
    // The change is stored; an inbox that missed the event catches up on its next refresh.
  }
}
