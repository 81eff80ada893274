/** The part of proxy-addr (express's own client-address library) that client-address.ts uses; it ships no types. */
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (address: string, hop: number) => boolean;
  interface ProxyAddr {
    (req: IncomingMessage, trust: Trust): string;
    compile(values: readonly string[]): Trust;
  }
  const proxyaddr: ProxyAddr;
  export default proxyaddr;
}
