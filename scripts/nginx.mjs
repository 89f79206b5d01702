// @ts-check
// Runs the shipped nginx site (deploy/nginx/sorel-aubry-avocats.conf) behind its stream part
// (sorel-aubry-avocats-stream.conf) on loopback, for the deployment tests and `npm run bench`:
// only the listening and hand-over ports, the certificate (self-signed, made at run time), the
// upstream ports and the log, cache and site folders are substituted.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SITE_CONFIG = new URL('../deploy/nginx/sorel-aubry-avocats.conf', import.meta.url);
/** The stream part in front of the site: ports 80 and 443, connections per address. */
export const STREAM_CONFIG = new URL(
  '../deploy/nginx/sorel-aubry-avocats-stream.conf',
  import.meta.url,
);
/** Debian's stream module (libnginx-mod-stream), as its modules-enabled file loads it. */
export const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';
/**
 * Debian's Brotli modules (libnginx-mod-http-brotli-filter, -static): the site compresses its
 * answers with Brotli and serves the build files' `.br` copies.
 */
export const BROTLI_MODULES = {
  'libnginx-mod-http-brotli-filter': '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
};
/** What the site needs from nginx.conf, as docs/operations.md ("Deployment") sets it. */
export const NGINX_CONF = { workerConnections: 4096, openFiles: 8192 };

/**
 * Debian's nginx binary, its stream module and its Brotli modules, installed from Debian's
 * packages when missing (as root, like Chromium).
 */
export function ensureNginx() {
  const binary = '/usr/sbin/nginx';
  const missing = [
    ...(existsSync(binary) ? [] : ['nginx-light']),
    ...(existsSync(STREAM_MODULE) ? [] : ['libnginx-mod-stream']),
    ...Object.entries(BROTLI_MODULES)
      .filter(([, file]) => !existsSync(file))
      .map(([name]) => name),
  ];
  if (missing.length === 0) return binary;
  if (process.getuid?.() !== 0)
    throw new Error(
      `nginx is missing: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')} (Debian)`,
    );
  console.info(`Installing ${missing.join(' ')} from Debian’s packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  // Debian starts the packaged default site on port 80; only our own nginx is wanted.
  spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'ignore' });
  spawnSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
  return binary;
}

/**
 * A `replace` that throws when its pattern is no longer in the text, so that a changed file is
 * never silently tested in another shape.
 * @param {string} text
 * @param {string} file
 */
function substitutions(text, file) {
  let out = text;
  return {
    /** @type {(pattern: RegExp, replacement: string, what: string) => void} */
    replace(pattern, replacement, what) {
      if (!pattern.test(out)) throw new Error(`deploy/nginx: ${what} not found in the ${file}`);
      pattern.lastIndex = 0;
      out = out.replace(pattern, replacement);
    },
    /** @type {(change: (text: string) => string) => void} */
    edit(change) {
      out = change(out);
    },
    text: () => out,
  };
}

/**
 * @typedef {object} HandoverPorts The loopback ports that stand for the shipped hand-over ports
 *   (8443 and 8080), so that several nginx can run at once.
 * @property {number} handoverHttpsPort
 * @property {number} handoverHttpPort
 */

/**
 * The shipped site configuration with loopback ports and local paths. Throws when a value it
 * must substitute is no longer in the file, so that a changed configuration is never silently
 * tested in another shape. `siteRoot` takes the place of the site's `current` link (the page
 * cache's key resolves it): the release test's own link, or by default `<dir>/site`.
 * @param {string} text
 * @param {{ upstreamPorts: number[], certFile: string, keyFile: string, dir: string,
 *   siteRoot?: string } & HandoverPorts} options
 */
export function renderSiteConfig(
  text,
  {
    upstreamPorts,
    handoverHttpsPort,
    handoverHttpPort,
    certFile,
    keyFile,
    dir,
    siteRoot = `${dir}/site`,
  },
) {
  const { replace, edit, text: result } = substitutions(text, 'site file');
  // The upstream: the first `server 127.0.0.1:…` line is the model for one line per instance.
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/m;
  const match = serverLine.exec(result());
  if (!match) throw new Error('deploy/nginx: no `server 127.0.0.1:port` line in the upstream');
  const lines = upstreamPorts
    .map((port) => `${match[1]}server 127.0.0.1:${port}${match[2] ?? ''};\n`)
    .join('');
  edit((out) =>
    out.replace(/^\s*server 127\.0\.0\.1:\d+[^;\n]*;\n/gm, (line, offset) =>
      offset === match.index ? lines : '',
    ),
  );
  replace(
    /listen 127\.0\.0\.1:8080 /g,
    `listen 127.0.0.1:${handoverHttpPort} `,
    'listen 127.0.0.1:8080',
  );
  replace(
    /listen 127\.0\.0\.1:8443 /g,
    `listen 127.0.0.1:${handoverHttpsPort} `,
    'listen 127.0.0.1:8443',
  );
  replace(/ssl_certificate \S+;/g, `ssl_certificate ${certFile};`, 'ssl_certificate');
  replace(/ssl_certificate_key \S+;/g, `ssl_certificate_key ${keyFile};`, 'ssl_certificate_key');
  replace(/\/var\/lib\/nginx\//g, `${dir}/cache/`, 'the cache folder');
  replace(/root \/var\/www\/\S+;/g, `root ${dir}/www;`, 'the ACME webroot');
  replace(/root \/srv\/[^;\s]+\/current;/g, `root ${siteRoot};`, 'the site’s `current` link');
  replace(
    /alias \/srv\/[^;\s]+\/current\//g,
    `alias ${siteRoot}/`,
    'the build files’ folder in the site’s `current` link',
  );
  replace(
    /include \/etc\/nginx\/sorel-aubry-avocats-nonce\.conf;/g,
    `include ${dir}/nonce.conf;`,
    'the nonce placeholder’s file',
  );
  return result();
}

/**
 * The shipped stream part (ports 80 and 443, connections per address) on loopback: it listens on
 * `httpPort` and `httpsPort` of 127.0.0.1 only and hands over to the rendered site's ports.
 * @param {string} text
 * @param {{ httpPort: number, httpsPort: number } & HandoverPorts} options
 */
export function renderStreamConfig(
  text,
  { httpPort, httpsPort, handoverHttpsPort, handoverHttpPort },
) {
  const { replace, text: result } = substitutions(text, 'stream file');
  replace(/^(\s*)listen \[::\]:\d+[^;\n]*;\n/gm, '', 'an IPv6 listen line');
  replace(/listen 80( [^;\n]*)?;/g, `listen 127.0.0.1:${httpPort}$1;`, 'listen 80');
  replace(/listen 443( [^;\n]*)?;/g, `listen 127.0.0.1:${httpsPort}$1;`, 'listen 443');
  replace(
    /proxy_pass 127\.0\.0\.1:8443;/g,
    `proxy_pass 127.0.0.1:${handoverHttpsPort};`,
    'proxy_pass 127.0.0.1:8443',
  );
  replace(
    /proxy_pass 127\.0\.0\.1:8080;/g,
    `proxy_pass 127.0.0.1:${handoverHttpPort};`,
    'proxy_pass 127.0.0.1:8080',
  );
  return result();
}

/**
 * A self-signed certificate valid one day, for 127.0.0.1, localhost and the given names: an
 * ECDSA P-256 key (what certbot issues by default) or an RSA 2048 one.
 * @param {string} dir
 * @param {{ key?: 'ecdsa' | 'rsa', names?: string[] }} [options]
 */
export function makeCertificate(dir, { key = 'ecdsa', names = [] } = {}) {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const newKey = key === 'rsa' ? ['rsa:2048'] : ['ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  const altNames = ['IP:127.0.0.1', 'DNS:localhost', ...names.map((name) => `DNS:${name}`)];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      ...newKey,
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      `subjectAltName=${altNames.join(',')}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {number} port
 * @param {import('node:child_process').ChildProcess} child
 */
function waitForPort(port, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  return /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      const attempt = () => {
        if (child.exitCode !== null)
          return reject(new Error(`nginx exited with ${child.exitCode}`));
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', () => {
          socket.destroy();
          if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
          else setTimeout(attempt, 100);
        });
      };
      attempt();
    })
  );
}

/**
 * A page cache nonce placeholder (deploy/nginx, docs/page-cache.md): give the same value to the
 * instances (PAGE_CACHE_NONCE_PLACEHOLDER) and to `startNginx`.
 * @returns {string}
 */
export function newNoncePlaceholder() {
  return randomBytes(24).toString('hex');
}

/**
 * @typedef {object} RunningNginx
 * @property {string} httpsUrl
 * @property {string} httpUrl
 * @property {number} httpsPort
 * @property {number} httpPort
 * @property {string} dir
 * @property {string} certFile
 * @property {number | undefined} pid
 * @property {(options?: { keepFolder?: boolean }) => Promise<void>} stop
 */

/**
 * Starts nginx in the foreground with the shipped site in front of the given instances' ports,
 * with the page cache's placeholder `noncePlaceholder` (the instances' own, or pages are not kept).
 * `extraHttp(certFile, keyFile)`, for the bench: more configuration in the same `http` block.
 * `siteRoot`: the site's `current` link (the release test's); by default an empty folder, which
 * is no release folder, so every page is kept whatever release its instance says.
 * `workerConnections`: each worker's slots, by default the operations manual's. `workers`: a
 * number or 'auto' (Debian's nginx.conf). `configDir`: a folder holding other versions of the
 * two files (the bench's before-and-after), by default deploy/nginx/.
 * Returns its addresses, its folder (logs under `logs/`) and `stop()`.
 * @param {{ upstreamPorts: number[], httpsPort?: number, httpPort?: number, workers?: number | 'auto', workerConnections?: number, certificateKey?: 'ecdsa' | 'rsa', noncePlaceholder?: string, siteRoot?: string, configDir?: string, extraHttp?: (certFile: string, keyFile: string) => string }} options
 * @returns {Promise<RunningNginx>}
 */
export async function startNginx({
  upstreamPorts,
  httpsPort,
  httpPort,
  workers = 1,
  workerConnections = NGINX_CONF.workerConnections,
  certificateKey = 'ecdsa',
  noncePlaceholder = newNoncePlaceholder(),
  siteRoot,
  configDir,
  extraHttp,
}) {
  const siteFile = configDir ? join(configDir, 'sorel-aubry-avocats.conf') : SITE_CONFIG;
  const streamFile = configDir ? join(configDir, 'sorel-aubry-avocats-stream.conf') : STREAM_CONFIG;
  const binary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'sorel-nginx-'));
  // nginx's workers (user nobody when started as root) create their temporary folders here.
  chmodSync(dir, 0o755);
  for (const folder of ['logs', 'cache', 'www', 'temp', 'site']) mkdirSync(join(dir, folder));
  const { certFile, keyFile } = makeCertificate(dir, { key: certificateKey });
  httpsPort ??= await freePort();
  httpPort ??= await freePort();
  const handover = { handoverHttpsPort: await freePort(), handoverHttpPort: await freePort() };
  const site = renderSiteConfig(readFileSync(siteFile, 'utf8'), {
    upstreamPorts,
    ...handover,
    certFile,
    keyFile,
    dir,
    siteRoot,
  });
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'stream.conf'),
    renderStreamConfig(readFileSync(streamFile, 'utf8'), { httpPort, httpsPort, ...handover }),
  );
  writeFileSync(
    join(dir, 'nonce.conf'),
    `set $sorel_aubry_nonce_placeholder ${noncePlaceholder};\n`,
  );
  // The main file mirrors Debian's /etc/nginx/nginx.conf as the operations manual leaves it
  // (the stream and Brotli modules loaded, the site's figures, the stream part included), with
  // this folder for every path.
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes ${workers};
worker_rlimit_nofile ${NGINX_CONF.openFiles};
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
load_module ${STREAM_MODULE};
${Object.values(BROTLI_MODULES)
  .map((file) => `load_module ${file};`)
  .join('\n')}
events { worker_connections ${workerConnections}; }
include ${dir}/stream.conf;
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    gzip on;
    # Debian's own TLS lines, which the site's HTTPS blocks must override.
    ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers on;
    access_log ${dir}/logs/access.log;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include ${dir}/site.conf;
${extraHttp ? extraHttp(certFile, keyFile) : ''}}
`,
  );
  const check = spawnSync(binary, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the site:\n${check.stderr}`);
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    await waitForPort(httpsPort, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${/** @type {Error} */ (error).message}\n${stderr}`);
  }
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsPort,
    httpPort,
    dir,
    certFile,
    pid: child.pid,
    /** Graceful stop (SIGQUIT lets workers finish their requests), then the folder is removed. */
    async stop({ keepFolder = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepFolder) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * autocannon's `setupClient` and `reconnectRate` for load that comes from many visitors, as real
 * traffic does, so that the site's per-address limits stay on under test: each connection, and
 * each time it reconnects (after `requestsPerConnection` requests), comes from a new loopback
 * address 127.<first>.x.y (127.0.0.0/8 is all local on Linux). autocannon opens its TLS
 * connections with `tls.connect({ ...tlsOptions })`, so a getter there is read per connection.
 * @param {{ first?: number, requestsPerConnection?: number }} [options]
 * @returns {{ reconnectRate: number, setupClient: (client: any) => void }}
 */
export function manyVisitors({ first = 20, requestsPerConnection = 20 } = {}) {
  let n = 0;
  const nextAddress = () => {
    const i = n++ % (254 * 254);
    return `127.${first}.${Math.floor(i / 254)}.${(i % 254) + 1}`;
  };
  return {
    reconnectRate: requestsPerConnection,
    setupClient(client) {
      client.opts.tlsOptions = { ...client.opts.tlsOptions };
      Object.defineProperty(client.opts.tlsOptions, 'localAddress', {
        enumerable: true,
        get: nextAddress,
      });
    },
  };
}
