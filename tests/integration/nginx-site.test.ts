import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBrotliCopies } from '../../deploy/build-files.mjs';
import {
  BROTLI_MODULES,
  ensureNginx,
  makeCertificate,
  NGINX_CONF,
  startNginx,
  type RunningNginx,
} from '../../scripts/nginx.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';
import { throughNginx } from '../support/through-nginx';

/**
 * The shipped nginx site (deploy/nginx/sorel-aubry-avocats.conf) as a browser and a TLS scanner
 * meet it: Mozilla's "intermediate" profile with an ECDSA and an RSA certificate, HSTS once on
 * every answer, nginx's own included; the build files from a release's folder, in Brotli from
 * their copies; and the site installed on a copy of Debian's /etc/nginx exactly as
 * docs/operations.md says.
 */
const root = path.resolve(__dirname, '../..');
const HSTS = 'max-age=63072000; includeSubDomains';
const BARE = 'sorel-aubry-avocats.fr';
const WWW = 'www.sorel-aubry-avocats.fr';

/** Mozilla's intermediate profile (guidelines 6.0): its TLS 1.2 suites for each kind of key. */
const PROFILE_SUITES = {
  ecdsa: [
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
  ],
  rsa: [
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ],
};
/** Suites OpenSSL 3.0 offers by default and the profile leaves out, one of each kind. */
const OUTSIDE_PROFILE = {
  ecdsa: [
    'ECDHE-ECDSA-AES128-SHA', // CBC (LUCKY13)
    'ECDHE-ECDSA-AES256-SHA384',
    'ECDHE-ECDSA-AES128-CCM',
    'ECDHE-ECDSA-CAMELLIA128-SHA256',
    'ECDHE-ECDSA-ARIA128-GCM-SHA256',
  ],
  rsa: [
    'AES128-GCM-SHA256', // static RSA: no forward secrecy
    'AES256-SHA',
    'ECDHE-RSA-AES128-SHA',
    'DHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ARIA128-GCM-SHA256',
    'CAMELLIA128-SHA',
  ],
};
const SERVER_REFUSED = 'ERR_SSL_SSL/TLS_ALERT_HANDSHAKE_FAILURE';

type Handshake =
  | { accepted: true; cipher: string; protocol: string; group?: string; ticket: boolean }
  | { accepted: false; error: string };

/** The key-exchange group the handshake agreed on. */
function ephemeralGroup(socket: tls.TLSSocket): string | undefined {
  const key = socket.getEphemeralKeyInfo();
  return key && 'name' in key ? key.name : undefined;
}

/** One TLS handshake with the given client settings; a setting the client refuses is `local:`. */
function handshake(port: number, options: tls.ConnectionOptions): Promise<Handshake> {
  return new Promise((resolve) => {
    let socket: tls.TLSSocket;
    try {
      socket = tls.connect(
        { host: '127.0.0.1', port, rejectUnauthorized: false, ...options },
        () => {
          resolve({
            accepted: true,
            cipher: socket.getCipher().name,
            protocol: socket.getProtocol() ?? '',
            group: ephemeralGroup(socket),
            ticket: socket.getTLSTicket() !== undefined,
          });
          socket.end();
        },
      );
    } catch (error) {
      resolve({ accepted: false, error: `local:${(error as NodeJS.ErrnoException).code}` });
      return;
    }
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ accepted: false, error: error.code ?? error.message }),
    );
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every Strict-Transport-Security line of the answer, as sent. */
  hsts: string[];
}

/** One HTTPS request to nginx (HTTP/1.1), for the given host name (SNI and Host). */
function request(
  port: number,
  pathname: string,
  options: { host?: string; method?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        servername: options.host ?? WWW,
        headers: { host: options.host ?? WWW, 'content-type': 'application/json' },
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const hsts = res.rawHeaders.filter(
            (_, i) =>
              i % 2 === 1 && /^strict-transport-security$/i.test(res.rawHeaders[i - 1] ?? ''),
          );
          resolve({ status: res.statusCode ?? 0, headers: res.headers, hsts });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let next: NextServer;
let dataDir: string;
/** In front of the site, with an ECDSA certificate (what certbot issues by default). */
let ecdsa: RunningNginx;
/** In front of an instance that is down, with an RSA certificate. */
let rsa: RunningNginx;
/** In front of the site, its `current` link a release folder laid out as deploy/release does. */
let release: RunningNginx;
/** That release's build files, with their Brotli copies. */
let releaseStatic: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nginx-site-'));
  next = await startNextServer({
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });
  ecdsa = await startNginx({ upstreamPorts: [next.port] });
  // Nothing listens on this port: every request nginx passes on ends in its own 502.
  rsa = await startNginx({ upstreamPorts: [await freePort()], certificateKey: 'rsa' });
  // The running build's files (linked, not copied), and their Brotli copies as deploy/release
  // writes them; readable by nginx's workers (nobody, when started as root).
  const releaseDir = path.join(dataDir, 'release');
  mkdirSync(path.join(releaseDir, '.next'), { recursive: true });
  releaseStatic = path.join(releaseDir, '.next/static');
  execFileSync('cp', [
    '-al',
    path.join(root, process.env.NEXT_DIST_DIR || '.next', 'static'),
    releaseStatic,
  ]);
  writeBrotliCopies(releaseStatic);
  for (const folder of [dataDir, releaseDir, path.join(releaseDir, '.next')])
    chmodSync(folder, 0o755);
  release = await startNginx({ upstreamPorts: [next.port], siteRoot: releaseDir });
});

afterAll(async () => {
  await Promise.all([ecdsa?.stop(), rsa?.stop(), release?.stop(), next?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("TLS: Mozilla's intermediate profile", () => {
  // Every TLS 1.2 suite the server's OpenSSL knows, offered one at a time.
  const tls12 = execFileSync('openssl', ['ciphers', '-tls1_2', 'ALL:COMPLEMENTOFALL:@SECLEVEL=0'], {
    encoding: 'utf8',
  })
    .trim()
    .split(':')
    .filter((name) => !name.startsWith('TLS_'));

  for (const key of ['ecdsa', 'rsa'] as const) {
    for (const host of [WWW, BARE]) {
      it(`accepts exactly the profile's TLS 1.2 suites (${key.toUpperCase()} certificate, ${host})`, async () => {
        const server = key === 'ecdsa' ? ecdsa : rsa;
        const results = new Map<string, Handshake>();
        for (const suite of tls12) {
          results.set(
            suite,
            await handshake(server.httpsPort, {
              servername: host,
              minVersion: 'TLSv1.2',
              maxVersion: 'TLSv1.2',
              ciphers: `${suite}:@SECLEVEL=0`,
            }),
          );
        }
        const accepted = [...results].filter(([, r]) => r.accepted).map(([suite]) => suite);
        expect(accepted.sort()).toEqual([...PROFILE_SUITES[key]].sort());
        for (const suite of OUTSIDE_PROFILE[key]) {
          expect(results.get(suite), suite).toEqual({ accepted: false, error: SERVER_REFUSED });
        }
      });
    }
  }

  it("accepts TLS 1.3 with OpenSSL's default suites, and nothing older than TLS 1.2", async () => {
    for (const server of [ecdsa, rsa]) {
      for (const suite of [
        'TLS_AES_128_GCM_SHA256',
        'TLS_AES_256_GCM_SHA384',
        'TLS_CHACHA20_POLY1305_SHA256',
      ]) {
        expect(await handshake(server.httpsPort, { ciphers: suite })).toMatchObject({
          accepted: true,
          protocol: 'TLSv1.3',
          cipher: suite,
        });
      }
      expect(await handshake(server.httpsPort, { ciphers: 'TLS_AES_128_CCM_SHA256' })).toEqual({
        accepted: false,
        error: SERVER_REFUSED,
      });
      for (const version of ['TLSv1', 'TLSv1.1'] as const) {
        const old = { minVersion: version, maxVersion: version, ciphers: 'DEFAULT@SECLEVEL=0' };
        expect(await handshake(server.httpsPort, old)).toEqual({
          accepted: false,
          error: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
        });
      }
    }
  });

  it('agrees on X25519, P-256 and P-384 only, in TLS 1.3 and 1.2, for both names', async () => {
    // In TLS 1.2 the client's groups also bound the curve of an ECDSA certificate (P-256 here),
    // so TLS 1.2's key exchange is tried with the RSA certificate.
    const cases = [
      [ecdsa, 'TLSv1.3'],
      [rsa, 'TLSv1.3'],
      [rsa, 'TLSv1.2'],
    ] as const;
    for (const [server, maxVersion] of cases) {
      for (const servername of [WWW, BARE]) {
        const offer = (ecdhCurve: string) =>
          handshake(server.httpsPort, { servername, maxVersion, ecdhCurve });
        const what = (curve: string) => `${servername} ${maxVersion} ${curve}`;
        for (const [curve, group] of [
          ['X25519', 'X25519'],
          ['P-256', 'prime256v1'],
          ['P-384', 'secp384r1'],
        ] as const) {
          expect(await offer(curve), what(curve)).toMatchObject({ accepted: true, group });
        }
        for (const curve of ['X448', 'P-521', 'ffdhe2048']) {
          expect(await offer(curve), what(curve)).toEqual({
            accepted: false,
            error: SERVER_REFUSED,
          });
        }
      }
    }
  });

  it('resumes TLS 1.2 sessions from its cache, never with a session ticket', async () => {
    const first = await new Promise<{ session: Buffer; ticket: boolean }>((resolve, reject) => {
      const socket = tls.connect(
        {
          host: '127.0.0.1',
          port: ecdsa.httpsPort,
          maxVersion: 'TLSv1.2',
          rejectUnauthorized: false,
        },
        () => {
          resolve({
            session: socket.getSession() as Buffer,
            ticket: socket.getTLSTicket() !== undefined,
          });
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    expect(first.ticket).toBe(false);
    const reused = await new Promise<boolean>((resolve, reject) => {
      const socket = tls.connect(
        {
          host: '127.0.0.1',
          port: ecdsa.httpsPort,
          maxVersion: 'TLSv1.2',
          rejectUnauthorized: false,
          session: first.session,
        },
        () => {
          resolve(socket.isSessionReused());
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    expect(reused).toBe(true);
  });
});

describe('HSTS: two years, once on every HTTPS answer', () => {
  it('on pages and the not-found page, where the site sends it too', async () => {
    const direct = await fetch(`${next.url}/fr`);
    expect(direct.headers.get('strict-transport-security')).toBe(HSTS);
    const page = await request(ecdsa.httpsPort, '/fr');
    expect(page.status).toBe(200);
    expect(page.hsts).toEqual([HSTS]);
    const missing = await request(ecdsa.httpsPort, '/fr/cette-page-n-existe-pas');
    expect(missing.status).toBe(404);
    expect(missing.hsts).toEqual([HSTS]);
  });

  it('on build files, fetched from the site and then from nginx’s cache', async () => {
    const home = await (await fetch(`${next.url}/fr`)).text();
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script, 'the home page loads a script of ours').toBeDefined();
    const first = await request(ecdsa.httpsPort, script ?? '');
    const second = await request(ecdsa.httpsPort, script ?? '');
    expect([first.status, first.headers['x-cache-status']]).toEqual([200, 'MISS']);
    expect([second.status, second.headers['x-cache-status']]).toEqual([200, 'HIT']);
    expect([first.hsts, second.hsts]).toEqual([[HSTS], [HSTS]]);
  });

  it('on nginx’s own answers: 413, 502, and the bare domain’s redirect', async () => {
    const tooLarge = await request(ecdsa.httpsPort, '/api/contact', {
      method: 'POST',
      body: JSON.stringify({ message: 'x'.repeat(40 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.hsts).toEqual([HSTS]);
    expect(tooLarge.headers['cache-control']).toBe('no-store');

    const down = await request(rsa.httpsPort, '/fr');
    expect(down.status).toBe(502);
    expect(down.hsts).toEqual([HSTS]);

    const bare = await request(ecdsa.httpsPort, '/fr?x=1', { host: BARE });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(`https://${WWW}/fr?x=1`);
    expect(bare.hsts).toEqual([HSTS]);
    // No version in the bare domain's answers either.
    expect(bare.headers.server).toBe('nginx');
  });
});

describe('build files from the release `current` points to', () => {
  /** What the instance itself sends for a build file, and nginx may not send the same. */
  const perResponse = new Set([
    'date',
    'etag',
    'last-modified',
    'content-length',
    'transfer-encoding',
    'connection',
    'keep-alive',
    'content-encoding',
    'accept-ranges',
    'vary',
  ]);
  /** The build files the home page loads: its scripts, its stylesheet, its fonts. */
  async function homeFiles(): Promise<string[]> {
    const home = await (await fetch(`${next.url}/fr`)).text();
    const files = new Set(
      [...home.matchAll(/["(](\/_next\/static\/[^"?\\)]+)/g)].map((match) => match[1] ?? ''),
    );
    return [...files];
  }

  it('in Brotli from its copy, in gzip or as it is, the same bytes and headers as the instance’s', async () => {
    const files = await homeFiles();
    for (const kind of [/\.js$/, /\.css$/, /\.woff2$/])
      expect(
        files.some((file) => kind.test(file)),
        String(kind),
      ).toBe(true);
    for (const file of files) {
      const own = await fetch(`${next.url}${file}`);
      expect(own.status, file).toBe(200);
      const ownBytes = Buffer.from(await own.arrayBuffer());
      const text = !file.endsWith('.woff2');
      for (const [encoding, sent] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await throughNginx(release, file, {
          headers: { 'accept-encoding': encoding },
        });
        const what = `${file} (${encoding})`;
        expect(answer.status, what).toBe(200);
        // From the folder, not from the instances (whose answers nginx marks with its cache).
        expect(answer.headers['x-cache-status'], what).toBeUndefined();
        expect(answer.headers['content-encoding'], what).toBe(text ? sent : undefined);
        expect(answer.bytes.equals(ownBytes), what).toBe(true);
        if (text) expect(answer.headers.vary, what).toBe('Accept-Encoding');
        for (const [name, value] of own.headers) {
          if (perResponse.has(name)) continue;
          expect(String(answer.headers[name]).toLowerCase(), `${what}: ${name}`).toBe(
            value.toLowerCase(),
          );
        }
      }
      // The Brotli is the copy written at build, not made per response.
      if (text)
        expect(
          (await throughNginx(release, file, { headers: { 'accept-encoding': 'br' } })).raw,
        ).toContain(
          readFileSync(
            path.join(releaseStatic, `${file.slice('/_next/static/'.length)}.br`),
          ).toString('latin1'),
        );
    }
  });

  it('from the instances when the folder lacks it, and kept', async () => {
    const [script] = (await homeFiles()).filter((file) => file.endsWith('.js'));
    const inFolder = path.join(releaseStatic, (script ?? '').slice('/_next/static/'.length));
    rmSync(inFolder);
    rmSync(`${inFolder}.br`);
    const own = Buffer.from(await (await fetch(`${next.url}${script}`)).arrayBuffer());
    const first = await throughNginx(release, script ?? '', {
      headers: { 'accept-encoding': 'gzip' },
    });
    const second = await throughNginx(release, script ?? '', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect([first.status, first.headers['x-cache-status']]).toEqual([200, 'MISS']);
    expect([second.status, second.headers['x-cache-status']]).toEqual([200, 'HIT']);
    for (const answer of [first, second]) expect(answer.bytes.equals(own)).toBe(true);
    // A folder is not a file: asked of the instances too (their 404), never listed.
    const folder = await throughNginx(release, '/_next/static/chunks/');
    expect(folder.status).toBe(404);
    expect(folder.headers['x-cache-status']).toBeDefined();
  });
});

/**
 * What runs in a private mount, network and process namespace: a fresh copy of /etc, /var and
 * /run over the machine's (thrown away at the end), set back to Debian 12 just after the
 * manual's `apt-get install` of nginx and its modules, then the manual's nginx steps as written. certbot's part is
 * a certificate put where certbot puts it; `systemctl start nginx` is what Debian's unit runs,
 * `nginx` (and `systemctl enable nftables` only loads the same rule set at boot), with the open-file limit systemd gives a service (1,024).
 */
const INSTALL = `set -euo pipefail
work="$1"; node="$2"
ulimit -Sn 1024
for top in etc var; do
  mkdir -p "$work/$top.upper" "$work/$top.work"
  mount -t overlay overlay -o "lowerdir=/$top,upperdir=$work/$top.upper,workdir=$work/$top.work" "/$top"
done
mount -t tmpfs tmpfs /run
# The manual's earlier steps made the site folder and the first release, which \`current\` links to.
mount -t tmpfs tmpfs /srv
mkdir -p /srv/sorel-aubry-avocats/releases/0123456789abcdef0123456789abcdef01234567
ln -s releases/0123456789abcdef0123456789abcdef01234567 /srv/sorel-aubry-avocats/current
ip link set lo up
rm -rf /etc/nginx/sites-enabled/* /etc/nginx/conf.d/* /etc/letsencrypt /var/cache/nginx /var/www/letsencrypt
find /var/lib/nginx -mindepth 1 -delete
rm -f /var/log/nginx/*.log
ln -s /etc/nginx/sites-available/default /etc/nginx/sites-enabled/default
mkdir -p /etc/letsencrypt/live/${BARE}
cp "$work/cert.pem" /etc/letsencrypt/live/${BARE}/fullchain.pem
cp "$work/key.pem" /etc/letsencrypt/live/${BARE}/privkey.pem
cd "$3"
`;

/**
 * Inside the namespace, once nginx runs: its answers, the cache folder's owner, its workers'
 * figures, and how many connections opened at once from one address it keeps (argument: the
 * cap).
 */
const CHECK = `import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
const ca = readFileSync('/etc/letsencrypt/live/${BARE}/fullchain.pem');
const workers = readdirSync('/proc').filter((pid) => {
  try {
    return readFileSync('/proc/' + pid + '/cmdline', 'utf8').startsWith('nginx: worker process');
  } catch {
    return false;
  }
});
// Connections from one address of their own, 8 past the cap: each either completes its TLS
// handshake (kept) or is closed first (refused).
const cap = Number(process.argv[3]);
const sockets = [];
const outcomes = await Promise.all(
  Array.from({ length: cap + 8 }, () => new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port: 443, localAddress: '127.0.0.2', ca, servername: '${WWW}' });
    sockets.push(socket);
    socket.once('secureConnect', () => resolve('kept'));
    socket.once('error', () => resolve('refused'));
    socket.once('close', () => resolve('refused'));
  })),
);
for (const socket of sockets) socket.destroy();
// The kernel's cap (argument: its number), over IPv4 and IPv6: from one address, the stream
// part's cap of connections kept; then connections nginx closes at once, which the client keeps
// half-open (the kernel still counts them); past the kernel's number, a TCP reset to each new one.
const kernelCap = Number(process.argv[4]);
async function pastKernelCap(host, localAddress) {
  const held = [];
  const kept = await Promise.all(
    Array.from({ length: cap }, () => new Promise((resolve) => {
      const socket = tls.connect({ host, port: 443, localAddress, ca, servername: '${WWW}' });
      held.push(socket);
      socket.once('secureConnect', () => resolve('kept'));
      socket.once('error', () => resolve('refused'));
      socket.once('close', () => resolve('refused'));
    })),
  );
  const then = {};
  for (let i = 0; i < kernelCap - cap + 4; i += 1) {
    const outcome = await new Promise((resolve) => {
      const socket = net.connect({ host, port: 443, localAddress, allowHalfOpen: true });
      held.push(socket);
      socket.once('end', () => resolve('closed by nginx'));
      socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED' ? 'reset' : error.code));
    });
    then[outcome] = (then[outcome] ?? 0) + 1;
  }
  for (const socket of held) socket.destroy();
  return { kept: kept.filter((o) => o === 'kept').length, then };
}
const kernelIPv4 = await pastKernelCap('127.0.0.1', '127.0.0.3');
const kernelIPv6 = await pastKernelCap('::1', '::1');
const get = (url, host) =>
  new Promise((resolve, reject) =>
    (url.startsWith('https') ? https : http)
      .get(url, { ca, servername: host, headers: { host }, agent: false }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location, server: res.headers.server, hsts: res.headers['strict-transport-security'] });
      })
      .on('error', reject),
  );
const owner = statSync('/var/lib/nginx/sorel-aubry-avocats').uid;
const users = readFileSync('/etc/passwd', 'utf8').split('\\n').map((line) => line.split(':'));
writeFileSync(process.argv[2], JSON.stringify({
  page: await get('https://127.0.0.1/fr', '${WWW}'),
  bare: await get('https://127.0.0.1/fr', '${BARE}'),
  plain: await get('http://127.0.0.1/fr', '${WWW}'),
  cacheOwner: users.find((user) => Number(user[2]) === owner)?.[0],
  // The page cache's key resolves the site's \`current\` link on every request.
  realpathFailed: /realpath/.test(readFileSync('/var/log/nginx/error.log', 'utf8')),
  workerConnections: Number(/^\\s*worker_connections (\\d+);/m.exec(readFileSync('/etc/nginx/nginx.conf', 'utf8'))?.[1]),
  workerOpenFiles: [...new Set(workers.map((pid) => Number(/^Max open files\\s+(\\d+)/m.exec(readFileSync('/proc/' + pid + '/limits', 'utf8'))?.[1])))],
  oneAddress: { kept: outcomes.filter((o) => o === 'kept').length, refused: outcomes.filter((o) => o === 'refused').length },
  kernelIPv4,
  kernelIPv6,
  // Every connection the kernel reset is counted by its rule set.
  kernelResets: [...execFileSync('nft', ['list', 'ruleset'], { encoding: 'utf8' }).matchAll(/counter packets (\\d+) bytes \\d+ reject/g)].reduce((sum, m) => sum + Number(m[1]), 0),
}));
`;

describe('installed on Debian 12 exactly as docs/operations.md says', () => {
  it('passes nginx -t, starts, and answers with the shipped settings', () => {
    ensureNginx();
    // Mounting a copy of /etc and /var over the machine's needs root, as installing nginx does.
    expect(process.getuid?.(), 'this test runs as root (mount namespaces)').toBe(0);
    // The manual's nginx steps: after the first certificate, up to the renewal set-up.
    const manual = readFileSync(path.join(root, 'docs/operations.md'), 'utf8').split('\n');
    // The modules the site file needs, which this machine has, are in the manual's install line.
    const install = manual.find((line) => line.startsWith('apt-get install')) ?? '';
    for (const pkg of ['libnginx-mod-stream', ...Object.keys(BROTLI_MODULES), 'nftables'])
      expect(install.split(/\s+/), pkg).toContain(pkg);
    const from = manual.findIndex((line) => line.startsWith('certbot certonly --standalone'));
    const to = manual.findIndex(
      (line, i) => i > from && line.startsWith('certbot certonly --webroot'),
    );
    expect([from > 0, to > from]).toEqual([true, true]);
    const steps = manual.slice(from + 1, to).join('\n');
    expect(steps).toContain('nginx -t && systemctl start nginx');

    const work = mkdtempSync(path.join(tmpdir(), 'nginx-install-'));
    try {
      makeCertificate(work, { names: [WWW, BARE] });
      writeFileSync(path.join(work, 'check.mjs'), CHECK);
      const cap = Number(
        /limit_conn sorel_aubry_connections (\d+);/.exec(
          readFileSync(path.join(root, 'deploy/nginx/sorel-aubry-avocats-stream.conf'), 'utf8'),
        )?.[1],
      );
      const kernelCap = Number(
        /ct count over (\d+)/.exec(
          readFileSync(path.join(root, 'deploy/nftables/sorel-aubry-avocats.nft'), 'utf8'),
        )?.[1],
      );
      // The kernel's count answers only past nginx's, so that nginx's own refusal is logged.
      expect(kernelCap).toBeGreaterThan(cap);
      const script = `${INSTALL}${steps.replace('systemctl start nginx', 'nginx').replace('systemctl enable nftables', 'true')}\n"$node" "$work/check.mjs" "$work/answers.json" ${cap} ${kernelCap}\n`;
      const run = spawnSync(
        'unshare',
        [
          '--mount',
          '--net',
          '--pid',
          '--fork',
          '--mount-proc',
          'bash',
          '-c',
          script,
          'install',
          work,
          process.execPath,
          root,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(run.stderr).not.toMatch(/emerg|failed/);
      expect(run.status, run.stderr).toBe(0);
      // nginx -t's verdict, as the manual's operator reads it.
      expect(run.stderr).toMatch(/configuration file \/etc\/nginx\/nginx\.conf test is successful/);
      const answers = JSON.parse(readFileSync(path.join(work, 'answers.json'), 'utf8'));
      expect(answers).toEqual({
        // No instance runs in this namespace: nginx's own 502, with HSTS.
        page: { status: 502, server: 'nginx', hsts: HSTS },
        bare: { status: 301, server: 'nginx', hsts: HSTS, location: `https://${WWW}/fr` },
        plain: { status: 301, server: 'nginx', location: `https://${WWW}/fr` },
        // nginx made the cache folder itself and gave it to Debian's worker user.
        cacheOwner: 'www-data',
        realpathFailed: false,
        // What the manual set in nginx.conf, as the workers run it.
        workerConnections: NGINX_CONF.workerConnections,
        workerOpenFiles: [NGINX_CONF.openFiles],
        // The stream part in front: as many connections per address as its cap, the others
        // closed at once.
        oneAddress: { kept: cap, refused: 8 },
        // The kernel's rule set under it (deploy/nftables/): an address holding as many
        // connections as its number, half-closed ones included, gets a reset for the next.
        kernelIPv4: { kept: cap, then: { 'closed by nginx': kernelCap - cap, reset: 4 } },
        kernelIPv6: { kept: cap, then: { 'closed by nginx': kernelCap - cap, reset: 4 } },
        kernelResets: 8,
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
