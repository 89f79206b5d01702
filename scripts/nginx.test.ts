import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listQueryParams } from '@/lib/articles/list-query';
import { OBJECTION_VALUE, objectsInCookies } from '@/lib/audience/objection';
import { OBJECTION_COOKIE } from '@/lib/consent/objection';
import { buildCsp } from '@/lib/security/csp';
import {
  KEPT_COPY_MAX_AGE_MS,
  PAGE_CACHE_NONCE_HEADER,
  submissionIdPlaceholder,
} from '@/lib/security/page-cache';
import { SESSION_COOKIE, SPLASH_SEEN, splashSeenIn } from '@/lib/session-cookie';
import {
  newNoncePlaceholder,
  renderSiteConfig,
  renderStreamConfig,
  SITE_CONFIG,
  STREAM_CONFIG,
} from './nginx.mjs';

const shipped = readFileSync(SITE_CONFIG, 'utf8');
const shippedStream = readFileSync(STREAM_CONFIG, 'utf8');
const options = {
  upstreamPorts: [4101, 4102, 4103],
  httpPort: 4080,
  httpsPort: 4443,
  handoverHttpPort: 4880,
  handoverHttpsPort: 4843,
  certFile: '/tmp/t/cert.pem',
  keyFile: '/tmp/t/key.pem',
  dir: '/tmp/t',
};

/** The file without its comments and blank lines, for comparing directives. */
const directives = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);

describe('renderSiteConfig (the shipped nginx site on loopback)', () => {
  const rendered = renderSiteConfig(shipped, options);

  it('lists one upstream server per instance, with the shipped parameters', () => {
    const servers = rendered.match(/^\s*server 127\.0\.0\.1:\d+.*;$/gm) ?? [];
    expect(servers.map((line) => line.trim())).toEqual([
      'server 127.0.0.1:4101 max_fails=0;',
      'server 127.0.0.1:4102 max_fails=0;',
      'server 127.0.0.1:4103 max_fails=0;',
    ]);
  });

  it('substitutes only ports, certificate and folders', () => {
    expect(directives(rendered).join('\n')).not.toMatch(
      /:8080|:8443|\/etc\/letsencrypt|\/var\/|\/srv\//,
    );
    expect(rendered).toContain('listen 127.0.0.1:4880 proxy_protocol;');
    expect(rendered).toContain('listen 127.0.0.1:4843 ssl http2 proxy_protocol default_server;');
    expect(rendered).toContain('ssl_certificate /tmp/t/cert.pem;');
    expect(rendered).toContain('include /tmp/t/nonce.conf;');
    expect(rendered).toContain('root /tmp/t/site;');
    expect(rendered).toContain('alias /tmp/t/site/.next/static/;');
    expect(renderSiteConfig(shipped, { ...options, siteRoot: '/tmp/s/current' })).toContain(
      'root /tmp/s/current;',
    );
    // Every other directive is the shipped one, in the same order.
    const changed =
      /^(server 127\.0\.0\.1|listen |ssl_certificate|proxy_cache_path|root |alias |include )/;
    const keep = (lines: string[]) => lines.filter((line) => !changed.test(line));
    expect(keep(directives(rendered))).toEqual(keep(directives(shipped)));
  });

  it('puts the stream part on the loopback ports, in front of the rendered site', () => {
    const stream = renderStreamConfig(shippedStream, options);
    expect(directives(stream).join('\n')).not.toMatch(/listen \[::\]|:80;|:443;|:8080|:8443/);
    expect(stream).toContain('listen 127.0.0.1:4443;');
    expect(stream).toContain('listen 127.0.0.1:4080;');
    expect(stream).toContain('proxy_pass 127.0.0.1:4843;');
    expect(stream).toContain('proxy_pass 127.0.0.1:4880;');
    const keep = (lines: string[]) => lines.filter((line) => !/^(listen |proxy_pass )/.test(line));
    expect(keep(directives(stream))).toEqual(keep(directives(shippedStream)));
  });

  it('fails loudly when a value it substitutes is no longer in the file', () => {
    expect(() =>
      renderSiteConfig(shipped.replace(/ssl_certificate_key \S+;/g, ''), options),
    ).toThrow(/ssl_certificate_key not found/);
    expect(() =>
      renderSiteConfig(shipped.replace(/server 127\.0\.0\.1/g, 'server app'), options),
    ).toThrow(/no `server 127\.0\.0\.1:port` line/);
  });
});

/** One directive of an nginx file: its name, its arguments and, for a block, what it holds. */
interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** The directives of an nginx file, as nginx reads them: comments out, quotes kept together. */
function parse(text: string): Directive[] {
  const tokens =
    text.match(/#[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[{};]|[^\s{};"'#]+/g) ?? [];
  let position = 0;
  const read = (): Directive[] => {
    const directives: Directive[] = [];
    let words: string[] = [];
    while (position < tokens.length) {
      const token = tokens[position++] ?? '';
      if (token.startsWith('#')) continue;
      if (token === '}') break;
      if (token === ';' || token === '{') {
        const [name = '', ...args] = words;
        directives.push(token === '{' ? { name, args, block: read() } : { name, args });
        words = [];
      } else words.push(token.replace(/^(["'])([\s\S]*)\1$/, '$2'));
    }
    return directives;
  };
  return read();
}

const named = (directives: Directive[], name: string) => directives.filter((d) => d.name === name);
const value = (directives: Directive[], name: string) =>
  named(directives, name).map((d) => d.args.join(' '));
const proxies = (location: Directive) => named(location.block ?? [], 'proxy_pass').length > 0;
/** Every location of a server, named ones included, however deeply nested. */
const locations = (directives: Directive[]): Directive[] =>
  named(directives, 'location').flatMap((d) => [d, ...locations(d.block ?? [])]);

/**
 * Mozilla's "intermediate" profile, guidelines 6.0 (the same as 5.8 for this profile), as nginx
 * 1.22 with OpenSSL 3.0 (Debian 12) takes it: X25519MLKEM768, first in the profile's groups,
 * needs OpenSSL 3.5.
 */
const INTERMEDIATE = {
  ssl_protocols: 'TLSv1.2 TLSv1.3',
  ssl_ciphers: [
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ].join(':'),
  ssl_ecdh_curve: 'X25519:prime256v1:secp384r1',
  ssl_prefer_server_ciphers: 'off',
  ssl_session_tickets: 'off',
  ssl_session_timeout: '1d',
};
const HSTS = 'max-age=63072000; includeSubDomains';

describe('the shipped nginx site, read as nginx reads it', () => {
  const http = parse(shipped);
  const servers = named(http, 'server').map((server) => server.block ?? []);
  const https = servers.filter((server) => value(server, 'listen').some((l) => /\bssl\b/.test(l)));
  /** The canonical host's block: the one that proxies to the instances. */
  const site =
    https.find((server) => value(server, 'server_name').includes('www.sorel-aubry-avocats.fr')) ??
    [];
  const where = (location: Directive) => location.args.join(' ');

  it('has its two HTTPS blocks, the bare domain and the canonical host', () => {
    expect(https.map((server) => value(server, 'server_name'))).toEqual([
      ['sorel-aubry-avocats.fr'],
      ['www.sorel-aubry-avocats.fr'],
    ]);
    // Only the canonical host proxies to the instances; the bare domain redirects to it.
    expect(https.map((server) => locations(server).some((l) => proxies(l)))).toEqual([false, true]);
    expect(value(https[0] ?? [], 'return')).toEqual([
      expect.stringMatching(/^301 https:\/\/www\.sorel-aubry-avocats\.fr/),
    ]);
  });

  it("holds every HTTPS block to Mozilla's intermediate profile, the guideline version named", () => {
    expect(shipped).toMatch(/Mozilla's "intermediate" profile, guidelines version 6\.0/);
    for (const server of https) {
      for (const [name, expected] of Object.entries(INTERMEDIATE)) {
        expect(value(server, name), name).toEqual([expected]);
      }
      // Sessions resume from the cache shared by the workers, not from tickets.
      expect(value(server, 'ssl_session_cache')).toEqual(['shared:sorel_aubry_tls:10m']);
      // DHE is out of the profile: no parameters to load.
      expect(value(server, 'ssl_dhparam')).toEqual([]);
      expect(value(server, 'server_tokens')).toEqual(['off']);
    }
  });

  it('gives both HTTPS blocks the same TLS lines, and sets none outside them', () => {
    const tls = (server: Directive[]) =>
      server
        .filter((d) => d.name.startsWith('ssl_'))
        .map((d) => `${d.name} ${d.args.join(' ')}`)
        .sort();
    const [bare = [], www = []] = https;
    expect(tls(bare)).toEqual(tls(www));
    // This file is read inside Debian's `http {}`, which sets ssl_protocols itself.
    expect(http.filter((d) => d.name.startsWith('ssl_'))).toEqual([]);
  });

  it('sends HSTS once on every HTTPS answer: every place that adds headers adds it', () => {
    const hsts = (directives: Directive[]) =>
      named(directives, 'add_header').filter((d) => d.args[0] === 'Strict-Transport-Security');
    for (const server of https)
      expect(hsts(server).map((d) => d.args.slice(1))).toEqual([[HSTS, 'always']]);
    // An add_header in a location replaces the server's: such a location repeats HSTS.
    const adding = locations(site).filter((l) => named(l.block ?? [], 'add_header').length);
    expect(adding.map(where)).toEqual(expect.arrayContaining(['/', '/_next/static/', '@too_many']));
    for (const location of adding)
      expect(
        hsts(location.block ?? []).map((d) => d.args.slice(1)),
        where(location),
      ).toEqual([[HSTS, 'always']]);
    // Behind nginx the site's own header is hidden, so an answer carries one, nginx's; a
    // proxy_hide_header in a location would replace the server's.
    expect(value(site, 'proxy_hide_header')).toContain('Strict-Transport-Security');
    const hiding = locations(site).filter((l) => named(l.block ?? [], 'proxy_hide_header').length);
    expect(hiding.map(where)).toContain('/');
    for (const location of hiding)
      expect(value(location.block ?? [], 'proxy_hide_header'), where(location)).toContain(
        'Strict-Transport-Security',
      );
  });

  it('keeps pages under the release `current` points to, none from an instance of another', () => {
    const cached = locations(site).filter((l) => named(l.block ?? [], 'proxy_cache').length);
    const page = cached.find((l) => where(l) === '/')?.block;
    expect(page, 'the page cache’s location, `location /`').toBeDefined();
    expect(value(page ?? [], 'proxy_cache')).toEqual(['sorel_aubry_page_cache']);
    expect(value(page ?? [], 'root')).toEqual(['/srv/sorel-aubry-avocats/current']);
    expect(value(page ?? [], 'set')).toContain('$sorel_aubry_release $realpath_root');
    expect(value(page ?? [], 'proxy_cache_key')).toEqual([
      expect.stringMatching(/^\$sorel_aubry_release\|/),
    ]);
    expect(value(page ?? [], 'proxy_no_cache')).toContain('$sorel_aubry_other_release');
  });

  it('keys kept pages on every query parameter the article list reads, and on no other', () => {
    const names = Object.values(listQueryParams);
    for (const server of https) {
      const page = locations(server).find((l) => l.args.join(' ') === '/')?.block;
      if (!page || !named(page, 'proxy_cache').length) continue;
      const key = value(page, 'proxy_cache_key').join(' ');
      expect([...key.matchAll(/\$arg_(\w+)/g)].map((m) => m[1]).sort()).toEqual([...names].sort());
      // A query the key could read otherwise than the site is neither kept nor served a copy.
      const args = (name: string) => named(page, name).flatMap((d) => d.args);
      expect(args('proxy_cache_bypass')).toContain('$sorel_aubry_query_unclear');
      expect(args('proxy_no_cache')).toContain('$sorel_aubry_query_unclear');
    }
    const unclear = /map \$args \$sorel_aubry_query_unclear \{([^}]*)\}/.exec(shipped)?.[1] ?? '';
    for (const name of names) expect(unclear).toContain(name);
  });

  /** The entries of the `map` that sets `variable`: its pattern (`~` for a regex) and value. */
  const mapOf = (variable: string) =>
    (named(http, 'map').find((d) => d.args.at(-1) === variable)?.block ?? []).map((entry) => ({
      pattern: entry.name,
      value: entry.args.join(' '),
    }));
  /** What nginx makes of a map's regex entry for `input`: the value, or undefined. */
  const mapRegex = (pattern: string, value: string, input: string) => {
    const match = new RegExp(pattern.replace(/^~/, '')).exec(input);
    if (!match) return undefined;
    return value.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => match.groups?.[name] ?? whole);
  };

  it('lets a kept page reach visitors for as long as the site counts on (KEPT_COPY_MAX_AGE_MS)', () => {
    const seconds = (text: string | undefined) => Number(/^(\d+)s$/.exec(text ?? '')?.[1] ?? NaN);
    const page = locations(site).find((l) => where(l) === '/')?.block ?? [];
    const [fresh] = value(page, 'proxy_cache_valid').map((v) => seconds(v.split(' ').at(-1)));
    const zone = named(http, 'proxy_cache_path').find((d) =>
      d.args.includes('keys_zone=sorel_aubry_page_cache:10m'),
    );
    const inactive = seconds(zone?.args.find((a) => a.startsWith('inactive='))?.slice(9));
    // Fresh for `proxy_cache_valid`, which nginx counts in whole seconds (one more at most),
    // then forgotten once nobody asked for it for `inactive`.
    expect((fresh ?? NaN) + 1 + inactive).toBe(KEPT_COPY_MAX_AGE_MS / 1000);
  });

  it('asks for, reads and hides the nonce placeholder in the header the site answers', () => {
    const page = locations(site).find((l) => where(l) === '/')?.block ?? [];
    const header = (d: string) => d.split(' ')[0]?.toLowerCase();
    expect(value(page, 'proxy_set_header').map(header)).toContain(PAGE_CACHE_NONCE_HEADER);
    expect(value(page, 'proxy_hide_header').map(header)).toContain(PAGE_CACHE_NONCE_HEADER);
    const upstream = `$upstream_http_${PAGE_CACHE_NONCE_HEADER.replaceAll('-', '_')}`;
    expect(named(http, 'map').filter((d) => d.args[0]?.includes(upstream))).toHaveLength(2);
  });

  it("replaces the site's placeholders: the form's submission id by its rule, the policy's nonce", () => {
    const placeholder = newNoncePlaceholder();
    const [entry] = mapOf('$sorel_aubry_submission_placeholder').filter(
      (e) => e.pattern !== 'default',
    );
    expect(mapRegex(entry?.pattern ?? '', entry?.value ?? '', placeholder)).toBe(
      submissionIdPlaceholder(placeholder),
    );
    // Each response's id is made by the same rule from $request_id.
    const [byRequest] = mapOf('$sorel_aubry_submission_id');
    expect(byRequest?.pattern.replace(/sa_id/g, 'sa_sp')).toBe(entry?.pattern);
    const [, csp] = mapOf('$sorel_aubry_csp');
    const policy = buildCsp(placeholder, {}, { https: true });
    const sent = mapRegex(csp?.pattern ?? '', csp?.value ?? '', `1|${policy}`);
    expect(sent?.replace('$request_id', 'fresh')).toBe(buildCsp('fresh', {}, { https: true }));
  });

  it('reads the welcome-screen cookie as the site does, and passes on the one the site reads', () => {
    const [seen] = mapOf('$sorel_aubry_splash');
    const nginxSeen = (cookies: string) =>
      mapRegex(seen?.pattern ?? '', seen?.value ?? '', cookies) === 'seen';
    const own = `${SESSION_COOKIE}=${SPLASH_SEEN}`;
    for (const cookies of [own, `a=1; ${own}`, `${own}; b=2`, `x${own}`, `${SESSION_COOKIE}=other`])
      expect(nginxSeen(cookies), cookies).toBe(splashSeenIn(cookies));
    expect(nginxSeen(own)).toBe(true);
    const sent = mapOf('$sorel_aubry_cookie').find((e) => e.pattern === '0|seen')?.value;
    expect(splashSeenIn(sent ?? '')).toBe(true);
  });

  it('passes through the cookie policy of a visitor who objects, by the cookie the site sets', () => {
    const own = mapOf('$sorel_aubry_audience_own_page').filter((e) => e.pattern.includes('|[^|]'));
    expect(own).toHaveLength(1);
    const objecting = (cookies: string) =>
      mapRegex(own[0]?.pattern ?? '', own[0]?.value ?? '', `/fr/politique-cookies||${cookies}`) ===
      '1';
    const objection = `${OBJECTION_COOKIE}=${OBJECTION_VALUE}`;
    for (const cookies of [
      objection,
      `a=1; ${objection}`,
      `${objection}; b=2`,
      `${OBJECTION_COOKIE}=`,
    ])
      expect(objecting(cookies), cookies).toBe(objectsInCookies(cookies));
    expect(objecting(objection)).toBe(true);
  });

  it('never sends on the release an instance names: every location that hides headers hides it', () => {
    expect(value(site, 'proxy_hide_header')).toContain('X-Deployment-Id');
    const hiding = locations(site).filter((l) => named(l.block ?? [], 'proxy_hide_header').length);
    expect(hiding.map(where)).toContain('/');
    for (const location of hiding)
      expect(value(location.block ?? [], 'proxy_hide_header'), where(location)).toContain(
        'X-Deployment-Id',
      );
  });

  it('compresses pages after the nonce is replaced: the instances are asked for no encoding', () => {
    const page = locations(site).find((l) => where(l) === '/')?.block ?? [];
    // An instance's gzip would hide the placeholder from sub_filter, and give no Brotli.
    expect(value(page, 'proxy_set_header')).toContain('Accept-Encoding ');
    expect(value(page, 'sub_filter_types')).toEqual([expect.stringContaining('text/x-component')]);
    for (const compressor of ['brotli', 'gzip']) {
      expect(value(page, compressor), compressor).toEqual(['on']);
      expect(value(page, `${compressor}_types`).join(' '), compressor).toContain(
        'text/x-component',
      );
    }
  });

  it('serves build files from the release `current` points to, then from the instances', () => {
    const files = locations(site).find((l) => where(l) === '/_next/static/')?.block ?? [];
    expect(value(files, 'alias')).toEqual(['/srv/sorel-aubry-avocats/current/.next/static/']);
    expect(value(files, 'brotli_static')).toEqual(['on']);
    const fallback = /^@\w+$/.exec(value(files, 'try_files')[0]?.split(' ')[1] ?? '')?.[0];
    const instances = locations(site).find((l) => where(l) === fallback)?.block ?? [];
    expect(proxies({ name: 'location', args: [], block: instances })).toBe(true);
    // While the instances switch release, a file one of them lacks is asked of the other.
    expect(value(instances, 'proxy_next_upstream')).toEqual([expect.stringContaining('http_404')]);
  });

  it('sends the instances the same proxy headers from every location', () => {
    // A proxy_set_header in a location replaces all of the server's: such a location repeats
    // each of them, with the same value, or the instances lose the host and the forwarded
    // headers (a Server Action's Origin check, the visitor's address, HTTPS) there.
    const headers = (directives: Directive[]) =>
      named(directives, 'proxy_set_header').map((d) => d.args.join(' '));
    const inherited = headers(site);
    expect(inherited).toEqual(
      expect.arrayContaining(['Host $host', 'X-Forwarded-For $proxy_add_x_forwarded_for']),
    );
    const setting = locations(site).filter((l) => headers(l.block ?? []).length);
    expect(setting.map(where)).toContain('/');
    for (const location of setting)
      expect(headers(location.block ?? []), where(location)).toEqual(
        expect.arrayContaining(inherited),
      );
  });

  it('sends the value the site itself sends straight from its server', () => {
    const config = readFileSync(new URL('../next.config.ts', import.meta.url), 'utf8');
    expect(/key: 'Strict-Transport-Security', value: '([^']+)'/.exec(config)?.[1]).toBe(HSTS);
  });

  it('is reached only through the stream part, which names the visitor', () => {
    // Every server listens on a loopback port the stream part hands over to, with the visitor's
    // address in the PROXY protocol, which the site trusts from 127.0.0.1 alone.
    const handover = parse(shippedStream)
      .flatMap((d) => named(d.block ?? [], 'server'))
      .map((server) => value(server.block ?? [], 'proxy_pass'));
    expect(handover.flat().sort()).toEqual(['127.0.0.1:8080', '127.0.0.1:8443']);
    for (const server of servers) {
      for (const listen of value(server, 'listen')) {
        expect(listen).toMatch(/^127\.0\.0\.1:(8080|8443) .*\bproxy_protocol\b/);
        expect(handover.flat()).toContain(listen.split(' ')[0]);
      }
    }
    expect(value(http, 'set_real_ip_from')).toEqual(['127.0.0.1']);
    expect(value(http, 'real_ip_header')).toEqual(['proxy_protocol']);
  });

  it('caps the connections per address on every port, and logs it as a warning', () => {
    const stream = named(parse(shippedStream), 'stream')[0]?.block ?? [];
    expect(value(stream, 'limit_conn_log_level')).toEqual(['warn']);
    const caps = named(stream, 'server').map((server) => value(server.block ?? [], 'limit_conn'));
    expect(caps).toEqual([['sorel_aubry_connections 32'], ['sorel_aubry_connections 32']]);
  });

  it('holds a slot for the same times in every server, the stream part no longer', () => {
    const TIMES = ['client_header_timeout', 'client_body_timeout', 'keepalive_timeout'];
    const times = (server: Directive[]) => [...TIMES, 'send_timeout'].map((n) => value(server, n));
    const [first = [], ...others] = servers;
    expect(times(first).every((v) => v.length === 1)).toBe(true);
    for (const server of others) expect(times(server)).toEqual(times(first));
    // A connection idle in the site's servers is closed by them, not cut sooner by the stream.
    const stream = named(parse(shippedStream), 'stream')[0]?.block ?? [];
    expect(value(stream, 'proxy_timeout')).toEqual(value(first, 'keepalive_timeout'));
  });

  it('answers requests past the per-address caps 429 in the request limit’s words', () => {
    const main = https.find((server) => value(server, 'server_name')[0]?.startsWith('www.')) ?? [];
    for (const limit of ['limit_req', 'limit_conn']) {
      expect(value(main, `${limit}_status`), limit).toEqual(['429']);
      expect(value(main, `${limit}_log_level`), limit).toEqual(['warn']);
    }
    expect(value(main, 'error_page')).toContain('429 @too_many');
    expect(value(main, 'limit_conn')).toEqual(['sorel_aubry_requests 32']);
  });

  it('keeps caches in a folder nginx can make on Debian: one level under /var/lib/nginx', () => {
    // Debian's package creates /var/lib/nginx; nginx makes only the last folder of the path.
    const caches = named(http, 'proxy_cache_path').map((d) => d.args[0]);
    expect(caches.length).toBeGreaterThan(0);
    for (const folder of caches) expect(folder).toMatch(/^\/var\/lib\/nginx\/[^/]+$/);
  });
});
