/** What Fastify's `trustProxy` takes: a list of proxy addresses, or a function of (address, hop). */
export type TrustProxySetting = false | string[] | ((address: string, hop: number) => boolean);

/**
 * VITRINA_TRUST_PROXY as Fastify applies it. The client address is the right-most X-Forwarded-For entry
 * not added by a trusted proxy, so whatever a client writes at the left is ignored. A hop count trusts
 * the nearest N hops whoever they are (Fastify itself no longer takes a number): only right when
 * nobody can reach the server except through those proxies; an address list checks who they are.
 */
export function trustProxySetting(value: false | number | string[]): TrustProxySetting {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
