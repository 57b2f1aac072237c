// A real DNS server (UDP, dns2) on a random 127.0.0.1 port that answers TXT questions from a
// table the test fills in; every other name is NXDOMAIN. Point DNS_SERVERS at `server`.
import dns2 from 'dns2';

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
