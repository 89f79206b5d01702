import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { instanceCommand, readUnit, SERVICE_PATH } from './systemd-unit.mjs';

const root = path.resolve(__dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function envFile(text: string): string {
  const file = path.join(dir, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, text);
  return file;
}

describe('deploy/systemd/sorel-aubry-avocats@.service', () => {
  it('runs the server entry on the loopback port of its instance name, behind the proxy', () => {
    const unit = instanceCommand(readUnit(), {
      port: 3002,
      appDir: '/opt/site',
      envFile: envFile('SITE_URL=https://www.example.fr\n'),
    });
    expect(unit.argv).toEqual([
      '/opt/site/node_modules/.bin/node',
      '--dns-result-order=ipv4first',
      '/opt/site/dist/server.mjs',
    ]);
    expect(unit.cwd).toBe('/opt/site');
    expect(unit.env).toMatchObject({
      PATH: SERVICE_PATH,
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      PORT: '3002',
      LISTEN_HOST: 'localhost',
      SITE_URL: 'https://www.example.fr',
    });
    expect(unit.user).toBe('sorel-aubry');
    expect(unit.readWritePaths).toEqual(['/opt/site/data']);
  });

  it('runs the release `current` points to, and writes only to the data folder outside it', () => {
    const unit = instanceCommand(readUnit(), {
      port: 3001,
      appDir: '/srv/site/current',
      siteDir: '/srv/site',
      envFile: envFile(''),
    });
    expect(unit.cwd).toBe('/srv/site/current');
    expect(unit.argv[0]).toBe('/srv/site/current/node_modules/.bin/node');
    expect(unit.argv).toContain('/srv/site/current/dist/server.mjs');
    expect(unit.readWritePaths).toEqual(['/srv/site/data']);
  });

  it('lets the environment file override the listening address, as systemd does', () => {
    const unit = instanceCommand(readUnit(), {
      port: 3001,
      appDir: '/opt/site',
      envFile: envFile('LISTEN_HOST=0.0.0.0\n'),
    });
    expect(unit.env).toMatchObject({ LISTEN_HOST: '0.0.0.0', PORT: '3001' });
  });

  it('runs Node.js 24, the one npm install put in node_modules/.bin', () => {
    const unit = instanceCommand(readUnit(), {
      port: 3001,
      appDir: root,
      envFile: envFile(''),
    });
    const [node = ''] = unit.argv;
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
  });

  it('refuses a unit it would misread rather than testing something else', () => {
    const quoted = readUnit().replace(/^ExecStart=.*$/m, 'ExecStart=/bin/node "a b"');
    expect(() =>
      instanceCommand(quoted, { port: 1, appDir: '/opt/site', envFile: envFile('') }),
    ).toThrow(/quoting/);
    const specifier = readUnit().replace(/PORT=%i/, 'PORT=%I');
    expect(() =>
      instanceCommand(specifier, { port: 1, appDir: '/opt/site', envFile: envFile('') }),
    ).toThrow(/specifier/);
  });

  it('passes systemd-analyze verify with the site folder of this checkout', () => {
    // Named like an instance, with this checkout's folder, so that systemd checks the real
    // executable; the environment file is the shipped example.
    const text = readUnit()
      .replaceAll('/srv/sorel-aubry-avocats/current', root)
      .replaceAll('/srv/sorel-aubry-avocats', root)
      .replace(
        /^EnvironmentFile=.*$/m,
        `EnvironmentFile=${path.join(root, 'deploy/systemd/sorel-aubry-avocats.env')}`,
      );
    const file = path.join(dir, 'sorel-aubry-avocats@3001.service');
    writeFileSync(file, text);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(result.error, 'systemd-analyze (Debian package systemd) must be installed').toBe(
      undefined,
    );
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('deploy/systemd/sorel-aubry-avocats.env', () => {
  it('is one file with every production setting, PostgreSQL and HTTPS', () => {
    const env = parseEnv(
      readFileSync(path.join(root, 'deploy/systemd/sorel-aubry-avocats.env'), 'utf8'),
    );
    expect(env.SITE_URL).toMatch(/^https:\/\//);
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(env.SMTP_URL).toMatch(/^smtps?:\/\//);
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['CONTACT_TO', 'CONTACT_FROM', 'REVALIDATE_SECRET']),
    );
  });
});
