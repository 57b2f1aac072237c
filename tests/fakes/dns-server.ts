// A real DNS server (UDP, dns2) on a random 127.0.0.1 port that answers TXT questions from a
// table the test fills in; every other name is NXDOMAIN. Point DNS_SERVERS at `server`.
import dns2 from 'dns2';
import { afterAll, beforeAll } from 'vitest';

export interface FakeDns {
  /** "127.0.0.1:port", the value for DNS_SERVERS. */
  server: string;
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

const NXDOMAIN = 3;

export async function startFakeDns(): Promise<FakeDns> {
  const txt = new Map<string, string[]>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question && question.type === Packet.TYPE.TXT ? txt.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) return send(Packet.createErrorResponseFromRequest(request, NXDOMAIN));
      for (const data of values) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 1, data }));
      send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = udp?.port;
  return { server: `127.0.0.1:${port}`, txt, close: () => server.close() };
}

/**
 * A fake resolver for one test file, started before the app reads DNS_SERVERS: the answer is the
 * app's config (with APP_URL) to hand to useTestApp, and the fake once started.
 */
export function useFakeDns(appUrl: string): { config: Record<string, string>; dns: () => FakeDns } {
  const config: Record<string, string> = { APP_URL: appUrl };
  let dns: FakeDns;
  beforeAll(async () => {
    dns = await startFakeDns();
    config.DNS_SERVERS = dns.server;
  });
  afterAll(() => dns.close());
  return { config, dns: () => dns };
}
