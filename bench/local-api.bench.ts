/**
 * The local API with 10,000 environments: the time to create them through the create call, and
 * the median and p99 latency of listid (with and without filters) and id_container (types 1, 2,
 * 3), measured end to end over HTTP on loopback like a user's script. Target: p99 under 10 ms.
 * `npm run bench -- local-api`
 */
import { startTestCloud } from '@hainiao/testkit/cloud';
import { startTestService } from '@hainiao/testkit/service';

const ENVIRONMENTS = Number(process.env.BENCH_ENVIRONMENTS ?? 10_000);
const SAMPLES = 400;
const CONCURRENCY = 8;
const GROUPS = ['default', 'Amazon', 'eBay', 'TikTok', 'Shopee', 'Etsy', 'Walmart', 'Lazada'];
const PROXY_TYPES = ['noproxy', 'HTTP', 'SOCKS5', 'HTTPS'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

const ms = (value: number) => value.toFixed(2);

export async function run(): Promise<string> {
  const cloud = await startTestCloud();
  const service = await startTestService({ cloud: cloud.url });
  try {
    const credential = await cloud.account('bench');
    const base = `http://127.0.0.1:${service.port}`;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { code?: number; status?: number; data: unknown };
      if ((answer.code ?? answer.status) !== 0) {
        throw new Error(`${path} answered ${JSON.stringify(answer)}`);
      }
      return answer.data;
    };
    await post('/login', credential);
    for (const group of GROUPS.slice(1)) await post('/api/v1/group/create', { Group_Name: group });

    // Create the environments, CONCURRENCY calls in flight (the store serialises the writes).
    const ids: string[] = [];
    const createStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ENVIRONMENTS) {
          const i = next++;
          const proxyType = PROXY_TYPES[i % PROXY_TYPES.length] as string;
          const data = (await post('/api/v1/session/create', {
            Automatic_Configure: 0,
            Session_Name: `shop-${i} ${i % 3 === 0 ? 'vip' : 'std'}`,
            Session_Desc: i % 10 === 0 ? `note ${i}` : '',
            Session_Group: GROUPS[i % GROUPS.length],
            SystemOS: i % 5 === 0 ? 'MacIntel' : 'Windows',
            ...(proxyType === 'noproxy'
              ? {}
              : {
                  Proxy_Type: proxyType,
                  Proxy_Ip: `198.51.100.${i % 250}`,
                  Proxy_Port: 8000 + (i % 100),
                }),
            ...(i % 7 === 0
              ? {
                  Cookie: [{ name: 'sid', value: String(i), domain: `.site${i % 20}.example.com` }],
                }
              : {}),
          })) as { Session_Id: string };
          ids.push(data.Session_Id);
        }
      }),
    );
    const createMs = performance.now() - createStart;

    async function measure(path: string, body: () => unknown) {
      // Warm up the statements and the connection.
      for (let i = 0; i < 20; i++) await post(path, body());
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const payload = body();
        const start = performance.now();
        await post(path, payload);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
    }

    const randomId = () => ids[Math.floor(Math.random() * ids.length)] as string;
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, string, () => unknown][] = [
      ['listid, no parameters (50 newest)', '/api/v1/session/listid', () => ({})],
      ['listid, group', '/api/v1/session/listid', () => ({ Session_GroupName: 'Amazon' })],
      ['listid, name contains', '/api/v1/session/listid', () => ({ Session_Name: 'vip' })],
      [
        'listid, proxy type + group',
        '/api/v1/session/listid',
        () => ({ Proxy_Type: 'SOCKS5', Session_GroupName: 'eBay' }),
      ],
      ['listid, proxy ip', '/api/v1/session/listid', () => ({ Proxy_Ip: '198.51.100.42' })],
      ['listid, comment contains', '/api/v1/session/listid', () => ({ Comment: 'note' })],
      [
        'listid, web account',
        '/api/v1/session/listid',
        () => ({ Session_WebAccounts: 'site3.example.com' }),
      ],
      [
        'listid, created today, page 7 of 500',
        '/api/v1/session/listid',
        () => ({ Session_CreateTime_Start: today, ListNum: 500, CurrentPage: 7 }),
      ],
      [
        'listid, user agent contains',
        '/api/v1/session/listid',
        () => ({ Session_User_Agent: 'Macintosh' }),
      ],
      [
        'id_container type 1 (full)',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 1 }),
      ],
      [
        'id_container type 2 (brief)',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 2 }),
      ],
      [
        'id_container type 3',
        '/api/v1/session/id_container',
        () => ({ Session_ID: randomId(), Session_container_type: 3 }),
      ],
      [
        'id_container, 100 ids',
        '/api/v1/session/id_container',
        () => ({ Session_ID: Array.from({ length: 100 }, randomId), Session_container_type: 2 }),
      ],
    ];
    const rows = [
      `Environments: ${ids.length}. Created in ${(createMs / 1000).toFixed(1)} s ` +
        `(${ms(createMs / ids.length)} ms per create call, ${CONCURRENCY} in flight, every one durable: WAL, synchronous=FULL).`,
      '',
      `| call (${SAMPLES} samples, HTTP on loopback) | median ms | p99 ms | p99 < 10 ms |`,
      '| --- | ---: | ---: | :---: |',
    ];
    for (const [label, path, body] of cases) {
      const { median, p99 } = await measure(path, body);
      rows.push(`| ${label} | ${ms(median)} | ${ms(p99)} | ${p99 < 10 ? 'yes' : 'NO'} |`);
    }
    return rows.join('\n');
  } finally {
    await service.dispose();
    await cloud.stop();
  }
}
