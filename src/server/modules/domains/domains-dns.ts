import { Resolver } from 'node:dns/promises';

/** The TXT strings published at a name ([] when the name or the record does not exist). */
export type TxtLookup = (name: string) => Promise<string[]>;

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** TXT lookups through the given resolvers (DNS_SERVERS) or the system's. Throws when DNS cannot answer. */
export function txtLookup(servers?: string[]): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (servers?.length) resolver.setServers(servers);
    try {
      // A TXT record may be split into 255-byte strings; they are one value.
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  };
}
