import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder (holding `drizzle/`), found by walking up from this module: the same answer when run
 * from `src/` through tsx (tests, dev) and from the one compiled file `dist/main.js` (production).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('找不到服务端目录 (drizzle/)');
    dir = up;
  }
}

export const serverRoot = findServerRoot();
