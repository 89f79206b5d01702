import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSiteConfig, SITE_CONFIG } from './nginx.mjs';

const shipped = readFileSync(SITE_CONFIG, 'utf8');
const options = {
  upstreamPorts: [4101, 4102, 4103],
  httpPort: 4080,
  httpsPort: 4443,
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
      /listen \[::\]|listen 80;|listen 443|\/etc\/letsencrypt|\/var\//,
    );
    expect(rendered).toContain('listen 127.0.0.1:4080;');
    expect(rendered).toContain('listen 127.0.0.1:4443 ssl http2 default_server;');
    expect(rendered).toContain('ssl_certificate /tmp/t/cert.pem;');
    expect(rendered).toContain('include /tmp/t/nonce.conf;');
    // Every other directive is the shipped one, in the same order.
    const changed =
      /^(server 127\.0\.0\.1|listen |ssl_certificate|proxy_cache_path|root |include )/;
    const keep = (lines: string[]) => lines.filter((line) => !changed.test(line));
    expect(keep(directives(rendered))).toEqual(keep(directives(shipped)));
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
