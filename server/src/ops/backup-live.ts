import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backup, BackupError, type BackupTarget, type Manifest } from './backup';

/**
 * A backup of the embedded database while its server runs (decision 0052, "while the server runs"): the server
 * holds the data directory, so `npm run backup` asks it. The handshake is files in `DATA_DIR/backup-requests/`:
 * the command writes `<id>.json` naming the output file; the server claims it (renames it to `.taken`), writes the
 * backup with its own consistent copy of the database (Database.dumpDataDir) and answers `<id>.done` (the
 * manifest) or `<id>.error` (the message). Whoever may write DATA_DIR may read the database files anyway, so the
 * folder's permissions are the authorisation; nothing listens on the network.
 */
const DIR = 'backup-requests';
/** How often the server looks for a request, and how long the command waits for it to be claimed. */
const POLL_MS = 500;
const CLAIM_MS = 15_000;

const requestsOf = (dataDir: string) => path.join(dataDir, DIR);

/** The server's side: answers backup requests until the returned stop function is called. */
export function serveBackupRequests(target: BackupTarget, dumpDataDir: () => Promise<Buffer>, log: (msg: string) => void): () => Promise<void> {
  const dir = requestsOf(target.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
        const id = name.slice(0, -'.json'.length);
        const taken = path.join(dir, `${id}.taken`);
        try {
          fs.renameSync(path.join(dir, name), taken); // the claim: another server could not take it too
        } catch {
          continue;
        }
        try {
          const { file } = JSON.parse(fs.readFileSync(taken, 'utf8')) as { file: string };
          const manifest = await backup(target, file, dumpDataDir);
          fs.writeFileSync(path.join(dir, `${id}.done`), JSON.stringify(manifest));
          log(`backup written: ${file}`);
        } catch (e) {
          fs.writeFileSync(path.join(dir, `${id}.error`), e instanceof Error ? e.message : String(e));
        } finally {
          fs.rmSync(taken, { force: true });
        }
      }
    });
  };
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The command's side: asks the server holding `dataDir` for a backup into `outFile` and waits for its answer. */
export async function requestBackupFromServer(dataDir: string, outFile: string, { claimMs = CLAIM_MS, waitMs = 30 * 60_000 } = {}): Promise<Manifest> {
  const dir = requestsOf(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const id = randomBytes(8).toString('hex');
  const request = path.join(dir, `${id}.json`);
  fs.writeFileSync(request, JSON.stringify({ file: path.resolve(outFile) }));
  const t0 = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const done = path.join(dir, `${id}.done`);
    const error = path.join(dir, `${id}.error`);
    if (fs.existsSync(done)) {
      const manifest = JSON.parse(fs.readFileSync(done, 'utf8')) as Manifest;
      fs.rmSync(done);
      return manifest;
    }
    if (fs.existsSync(error)) {
      const msg = fs.readFileSync(error, 'utf8');
      fs.rmSync(error);
      throw new BackupError(msg);
    }
    if (fs.existsSync(request) && Date.now() - t0 > claimMs) {
      fs.rmSync(request, { force: true });
      throw new BackupError(`嵌入式数据库正在被服务使用,但服务未响应备份请求 (${dataDir})`);
    }
    if (Date.now() - t0 > waitMs) throw new BackupError('等待服务生成备份超时');
  }
}
