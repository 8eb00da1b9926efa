import net from 'node:net';

/** What a client sent PostgreSQL: statement texts (simple Query and extended Parse) and bound values (Bind). */
export interface WireLog {
  texts: string[];
  params: string[];
}

/**
 * A TCP relay in front of PostgreSQL that reads what clients send it, message by message (protocol 3: after the
 * untyped startup message, a type byte and a length): the texts of Query ('Q') and Parse ('P') messages and the
 * text values of Bind ('B') messages. Tests point a database URL at `port` to read what PostgreSQL received.
 */
export async function startWireTap(target: { host: string; port: number }): Promise<{ port: number; log: WireLog; clear(): void; close(): Promise<void> }> {
  const log: WireLog = { texts: [], params: [] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          buf = buf.subarray(len);
          // SSLRequest / GSSENCRequest come before the real startup message.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        read(buf[0]!, buf.subarray(5, len + 1), log);
        buf = buf.subarray(len + 1);
      }
    });
    upstream.on('data', (d) => client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    log,
    clear: () => {
      log.texts.length = 0;
      log.params.length = 0;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const cstring = (b: Buffer, at: number): [string, number] => {
  const end = b.indexOf(0, at);
  return [b.toString('utf8', at, end), end + 1];
};

function read(type: number, body: Buffer, log: WireLog): void {
  const kind = String.fromCharCode(type);
  if (kind === 'Q') log.texts.push(cstring(body, 0)[0]);
  else if (kind === 'P') {
    const [, at] = cstring(body, 0);
    log.texts.push(cstring(body, at)[0]);
  } else if (kind === 'B') {
    let [, at] = cstring(body, 0);
    [, at] = cstring(body, at);
    const formats = body.readInt16BE(at);
    at += 2 + formats * 2;
    const n = body.readInt16BE(at);
    at += 2;
    for (let i = 0; i < n; i++) {
      const len = body.readInt32BE(at);
      at += 4;
      if (len >= 0) {
        log.params.push(body.toString('utf8', at, at + len));
        at += len;
      }
    }
  }
}
