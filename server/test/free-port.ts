import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a process a test starts (PostgreSQL, PgBouncer, a server). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
