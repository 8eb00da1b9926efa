/**
 * The mixed workload of the load figure (issue 10: 50 clients × 30 s of mixed reads and writes on PostgreSQL,
 * 0 errors): each client loops over reads (animal list and details, cage list, dictionaries, menu routes,
 * user-info) and writes (new feedback records of the zoo, updates of the client's own records and of the demo
 * park) through real HTTP. Used by test/load.test.ts and bench/src/mixed-load-bench.ts.
 */
export interface LoadTarget {
  /** `http://127.0.0.1:port` */
  base: string;
  /** Access tokens of zoo users (demo zoo admin); clients take them in turn. */
  tokens: string[];
  animalIds: string[];
  parkId: string;
  parkName: string;
  dictCode: string;
  dictBizCode: string;
}
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  reads: number;
  writes: number;
  /** Every answer that was not HTTP 200 with success true, and every failed request (first 20 kept). */
  errors: number;
  samples: string[];
}

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * Runs `clients` for `seconds`; each client makes at least `minCalls` calls however long they take (a loaded machine).
 * The first `readers` clients only read (a read-heavy mix). Each client sends back the `zoo_wal` cookie a write
 * gave it, as a browser does (read-your-writes on hot standbys, decision 0055).
 */
export async function runMixedLoad(target: LoadTarget, clients: number, seconds: number, minCalls = 0, readers = 0): Promise<LoadResult> {
  const latencies: number[] = [];
  const samples: string[] = [];
  let errors = 0;
  let reads = 0;
  let writes = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();

  const client = async (n: number) => {
    const headers: Record<string, string> = {
      authorization: BASIC,
      'blade-auth': `bearer ${target.tokens[n % target.tokens.length]}`,
      'content-type': 'application/json',
    };
    const reader = n < readers;
    const mine: string[] = [];
    let i = 0;
    const call = async (what: string, path: string, body?: unknown): Promise<any> => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${target.base}/api${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        const wal = res.headers.getSetCookie().find((c) => c.startsWith('zoo_wal='));
        if (wal) headers.cookie = wal.split(';')[0]!;
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        if (res.status !== 200 || json?.success !== true) {
          errors++;
          if (samples.length < 20) samples.push(`${what} ${path} → ${res.status} ${text.slice(0, 200)}`);
          return undefined;
        }
        return json.data;
      } catch (e) {
        latencies.push(performance.now() - t0);
        errors++;
        if (samples.length < 20) samples.push(`${what} ${path} → ${(e as Error).message}`);
        return undefined;
      }
    };
    while (Date.now() < end || i < minCalls) {
      const k = i++ % 10;
      const animal = target.animalIds[(n * 7 + i) % target.animalIds.length];
      if (!reader && (k === 0 || k === 5)) {
        writes++;
        // A new record of a zoo resource (the list the submit lands in is read below).
        const title = `压测反馈 ${n}-${i}`;
        await call('submit', '/blade-zoo/feedback/submit', { feedbackType: 1, handleState: 1, title, content: '负载测试写入的反馈内容' });
        if (mine.length < 3) {
          const page = await call('read', `/blade-zoo/feedback/list?current=1&size=1&title=${encodeURIComponent(title)}`);
          if (page?.records?.[0]?.id) mine.push(page.records[0].id as string);
        }
      } else if (!reader && k === 3 && mine.length) {
        writes++;
        const id = mine[i % mine.length];
        await call('update', '/blade-zoo/feedback/submit', {
          id,
          feedbackType: 1,
          handleState: 2,
          title: `压测反馈 ${n} 已更新`,
          content: `第 ${i} 次更新`,
          reply: '已处理',
        });
      } else if (!reader && k === 8) {
        writes++;
        // Everyone updates the same row: row locks queue the writers, none may fail.
        await call('update', '/blade-zoo/park/submit', { id: target.parkId, parkName: target.parkName, remark: `更新 ${n}-${i}` });
      } else {
        reads++;
        const reads_ = [
          `/zoo-animal/animal/list?current=${1 + (i % 3)}&size=10`,
          `/zoo-animal/animal/detail?id=${animal}`,
          `/zoo-cage/cage/list?current=1&size=10`,
          `/blade-system/dict/dictionary?code=${target.dictCode}`,
          `/blade-system/dict-biz/dictionary?code=${target.dictBizCode}`,
          `/blade-system/menu/routes`,
          `/blade-auth/oauth/user-info`,
        ];
        await call('read', reads_[i % reads_.length]!);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    requests: latencies.length,
    seconds: elapsed,
    rps: Math.round(latencies.length / elapsed),
    p50: pct(0.5),
    p99: pct(0.99),
    reads,
    writes,
    errors,
    samples,
  };
}

/** The load's fixtures from a database with the demo zoo: animal ids, the demo park, a dictionary code of each kind. */
export async function loadFixtures(query: (sql: string) => Promise<{ rows: any[] }>): Promise<Omit<LoadTarget, 'base' | 'tokens'>> {
  const animals = (await query(`select id::text from zoo_animal where tenant_id = '100000' and is_deleted = 0 order by id limit 50`)).rows.map(
    (r) => r.id as string,
  );
  const park = (await query(`select id::text, park_name from zoo_park where tenant_id = '100000' and is_deleted = 0 order by id limit 1`)).rows[0];
  const dict = (await query(`select code from blade_dict where parent_id = 0 and is_deleted = 0 order by id limit 1`)).rows[0];
  const biz = (await query(`select code from blade_dict_biz where parent_id = 0 and is_deleted = 0 and tenant_id = '100000' order by id limit 1`)).rows[0];
  return { animalIds: animals, parkId: park.id, parkName: park.park_name, dictCode: dict.code, dictBizCode: biz?.code ?? dict.code };
}
