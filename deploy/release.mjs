// Releases and rollbacks of the site on its server (docs/operations.md, "Releases"), run as root:
//
//   deploy/release <ref>        build <ref> (a branch, tag or commit) in releases/<commit>, then
//                               switch the instances to it one at a time
//   deploy/release build <ref>  only build it; the running site is not touched
//   deploy/release rollback     switch the instances back to the previous release
//   deploy/release status       which release is current and previous, and each instance's health
//
// Layout, under SITE_DIR (/srv/sorel-aubry-avocats):
//   repo/               a bare clone of the repository (`git clone --bare <repository> repo`)
//   releases/<commit>/  one folder per release: the commit's files, node_modules, .next
//   current, previous   links to the release the instances run, and to the one before it
//   data/               SQLite, the .eml outbox and the image cache: outside every release
//   release.log         one line per step of every release, with the time
//
// A release is built beside the running one, as the site's user: a failed install or build
// leaves the site as it was. Then each instance is restarted on it in turn (systemctl restart
// sorel-aubry-avocats@<port>) and must answer /api/health and a page of the new release before
// the next one moves; if one does not, every instance already moved goes back to the release it
// ran, and the command fails. The first instance of the new release migrates the schema when it
// starts, as always; a failed migration fails its health check. Runs on any Node.js from 18
// (Debian's, which runs npm): only Node's own modules.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { writeBrotliCopies } from './build-files.mjs';

const settings = {
  siteDir: process.env.SITE_DIR || '/srv/sorel-aubry-avocats',
  // The site's user builds the release (npm runs the packages' scripts as that user, not root).
  // Empty: the user running this command.
  user: process.env.SITE_USER ?? 'sorel-aubry',
  instances: (process.env.INSTANCES || '3001 3002').split(/[\s,]+/).filter(Boolean),
  unit: process.env.UNIT || 'sorel-aubry-avocats',
  healthTimeoutMs: Number(process.env.HEALTH_TIMEOUT_SECONDS || 90) * 1000,
  keep: Number(process.env.KEEP_RELEASES || 3),
};
const paths = {
  repo: path.join(settings.siteDir, 'repo'),
  releases: path.join(settings.siteDir, 'releases'),
  current: path.join(settings.siteDir, 'current'),
  previous: path.join(settings.siteDir, 'previous'),
  data: path.join(settings.siteDir, 'data'),
  log: path.join(settings.siteDir, 'release.log'),
  lock: path.join(settings.siteDir, 'release.lock'),
  actionsKey: path.join(settings.siteDir, 'server-actions.key'),
};
/** Written last into a release folder: a folder without it is not a release. */
const MARK = 'RELEASE';

class ReleaseError extends Error {}

/**
 * The key every release is built with (NEXT_SERVER_ACTIONS_ENCRYPTION_KEY). Next.js salts its
 * Server Action ids with it, so with one key they stay the same from release to release, and a
 * contact form shown without JavaScript before a release still posts to an action the new release
 * knows. Kept in the site's folder, readable by root only; the first time, the running release's
 * own key is taken (its build recorded it), so even the first switch keeps the ids.
 */
function serverActionsKey() {
  if (process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)
    return process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  if (existsSync(paths.actionsKey)) return readFileSync(paths.actionsKey, 'utf8').trim();
  let key = randomBytes(32).toString('base64');
  const manifest = path.join(paths.current, '.next', 'server', 'server-reference-manifest.json');
  try {
    const recorded = JSON.parse(readFileSync(manifest, 'utf8')).encryptionKey;
    if (typeof recorded === 'string' && recorded) key = recorded;
  } catch {
    // No running release, or one built without Server Actions: a new key.
  }
  writeFileSync(paths.actionsKey, `${key}\n`, { mode: 0o600 });
  log(`Server Actions key written to ${paths.actionsKey}`);
  return key;
}

function log(message) {
  const line = `[release] ${new Date().toISOString()} ${message}`;
  console.log(line);
  try {
    appendFileSync(paths.log, `${line}\n`);
  } catch {
    // The log file is a copy of what is printed; a read-only folder must not stop a rollback.
  }
}

/** The command line that runs `command` as the site's user, with that user's HOME (npm's cache). */
function asSiteUser(command, args) {
  if (!settings.user || process.getuid?.() !== 0) return [command, args];
  const home = execFileSync('getent', ['passwd', settings.user], { encoding: 'utf8' }).split(
    ':',
  )[5];
  return ['runuser', ['-u', settings.user, '--', 'env', `HOME=${home}`, command, ...args]];
}

/** Runs a command as the site's user; its output goes to the terminal. Throws when it fails. */
function run(command, args, options = {}) {
  const [file, argv] = asSiteUser(command, args);
  const result = spawnSync(file, argv, { stdio: 'inherit', ...options });
  if (result.status !== 0)
    throw new ReleaseError(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
}

function output(command, args) {
  const [file, argv] = asSiteUser(command, args);
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function linkTarget(link) {
  try {
    return realpathSync(link);
  } catch {
    return null;
  }
}

/** Points `link` at `target` in one step (a new link renamed over the old one). */
function pointLink(link, target) {
  const temporary = `${link}.new`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, link);
}

function releaseInfo(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, MARK), 'utf8'));
  } catch {
    return null;
  }
}

function lock() {
  try {
    mkdirSync(paths.lock);
  } catch {
    throw new ReleaseError(
      `another release or rollback is running (${paths.lock} exists; remove it if none is)`,
    );
  }
  return () => rmSync(paths.lock, { recursive: true, force: true });
}

/** The commit `ref` names, after fetching the repository. */
function resolveCommit(ref) {
  if (!existsSync(paths.repo))
    throw new ReleaseError(
      `no repository at ${paths.repo}: git clone --bare <repository> ${paths.repo}`,
    );
  run('git', [
    '-C',
    paths.repo,
    'fetch',
    '--quiet',
    '--prune',
    'origin',
    '+refs/heads/*:refs/heads/*',
    '+refs/tags/*:refs/tags/*',
  ]);
  try {
    return output('git', ['-C', paths.repo, 'rev-parse', '--verify', `${ref}^{commit}`]);
  } catch {
    throw new ReleaseError(`${ref} names no commit of the repository`);
  }
}

function sameFile(a, b) {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** Builds the commit in releases/<commit> (once: a release already built is reused). */
function build(commit) {
  const dir = path.join(paths.releases, commit);
  if (releaseInfo(dir)) {
    log(`release ${commit} is already built in ${dir}`);
    return dir;
  }
  const started = Date.now();
  const work = `${dir}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(paths.releases, { recursive: true });
  mkdirSync(paths.data, { recursive: true });
  if (settings.user && process.getuid?.() === 0) {
    execFileSync('chown', [settings.user, paths.releases]);
    execFileSync('chown', [settings.user, paths.data]);
  }
  run('mkdir', [work]);
  try {
    log(`building ${commit} in ${work}`);
    run('sh', [
      '-c',
      'git -C "$1" archive "$2" | tar -x -C "$3"',
      'archive',
      paths.repo,
      commit,
      work,
    ]);
    const current = linkTarget(paths.current);
    if (
      current &&
      existsSync(path.join(current, 'node_modules')) &&
      sameFile(path.join(current, 'package-lock.json'), path.join(work, 'package-lock.json'))
    ) {
      // The same lockfile installs the same files: link them instead of installing again. No
      // step writes into node_modules, so the two releases never change each other's copy.
      log('package-lock.json unchanged: node_modules linked from the current release');
      run('cp', ['-al', path.join(current, 'node_modules'), path.join(work, 'node_modules')]);
    } else {
      log('npm ci');
      run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work });
    }
    // The deployment id is read when the site builds and again when it starts (next.config.ts):
    // .env.production, which Next.js loads both times, keeps it with the release.
    appendFileSync(path.join(work, '.env.production'), `NEXT_DEPLOYMENT_ID=${commit}\n`);
    log('npm run build');
    const env = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DEPLOYMENT_ID: commit,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: serverActionsKey(),
    };
    delete env.NEXT_DIST_DIR;
    run('npm', ['run', '--silent', 'build'], { cwd: work, env });
    // Everything the site writes goes to data/, shared by every release.
    run('ln', ['-s', paths.data, path.join(work, 'data')]);
    run('mkdir', ['-p', path.join(paths.data, 'image-cache'), path.join(work, '.next', 'cache')]);
    run('rm', ['-rf', path.join(work, '.next', 'cache', 'images')]);
    run('ln', [
      '-s',
      path.join(paths.data, 'image-cache'),
      path.join(work, '.next', 'cache', 'images'),
    ]);
    // The build files' Brotli copies, which nginx serves from this folder (deploy/build-files.mjs),
    // given to the site's user like the rest of the release.
    const copies = writeBrotliCopies(path.join(work, '.next', 'static'));
    if (settings.user && process.getuid?.() === 0 && copies.length)
      execFileSync('chown', [settings.user, ...copies]);
    log(`${copies.length} build files compressed with Brotli`);
    // The build's own files, kept apart: the next release serves them too (see switchTo).
    run('cp', ['-al', path.join(work, '.next', 'static'), path.join(work, '.next', 'static-own')]);
    // deploymentId: what the release's pages carry on <html data-dpl-id>, checked after a switch.
    const info = {
      commit,
      deploymentId: commit,
      builtAt: new Date().toISOString(),
      buildSeconds: Math.round((Date.now() - started) / 1000),
    };
    writeFileSync(path.join(work, MARK), `${JSON.stringify(info, null, 2)}\n`);
    renameSync(work, dir);
    log(`built ${commit} in ${info.buildSeconds} s`);
    return dir;
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw new ReleaseError(`the build of ${commit} failed, nothing was switched: ${error.message}`);
  }
}

function get(port, pathname) {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: Number(port), path: pathname, timeout: 10_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
        response.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', (error) => resolve({ status: 0, body: error.message }));
  });
}

/**
 * Waits until the instance answers /api/health with 200 (or 424: mail delayed) and /fr with 200
 * from the expected release (its deployment id on <html>). Resolves with null, or with what was
 * wrong. While the instance starts, its port refuses connections (nginx sends visitors to the
 * others) until it is ready (server.ts: Next.js prepared, the database open and migrated); an
 * instance that cannot become ready listens all the same, answering pages 503 and /api/health 503
 * with why, so that answer is final at once.
 */
async function healthy(port, release) {
  const expected = release?.deploymentId ?? 'none';
  const deadline = Date.now() + settings.healthTimeoutMs;
  let problem = 'no answer';
  while (Date.now() < deadline) {
    const health = await get(port, '/api/health');
    if (health.status === 0) problem = `/api/health: ${health.body}`;
    // 424: the instance serves and stores, but e-mail has waited over an hour (the mail provider
    // fails, for every instance alike): not this release's fault, so the switch goes on, logged.
    else if (health.status !== 200 && health.status !== 424)
      return `/api/health answered ${health.status} ${health.body}`;
    else {
      if (health.status === 424) log(`instance ${port}: healthy, but e-mail is delayed (424)`);
      const page = await get(port, '/fr');
      const served = /data-dpl-id="([^"]*)"/.exec(page.body)?.[1] ?? 'none';
      if (page.status !== 200) return `/fr answered ${page.status || page.body}`;
      if (served !== expected) return `/fr is from release ${served}, not ${expected}`;
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `${problem} after ${settings.healthTimeoutMs / 1000} s`;
}

function restart(port) {
  const unit = `${settings.unit}@${port}.service`;
  const result = spawnSync('systemctl', ['restart', unit], { stdio: 'inherit' });
  if (result.status !== 0)
    log(`systemctl restart ${unit} failed (exit ${result.status ?? result.error?.message})`);
}

/** The release's own build files, added to `dir`'s (never replacing one): see switchTo. */
function addStaticFiles(from, dir) {
  const own = path.join(from, '.next', 'static-own');
  if (!existsSync(own)) return;
  cpSync(own, path.join(dir, '.next', 'static'), {
    recursive: true,
    force: false,
    errorOnExist: false,
  });
}

/**
 * Moves every instance, one at a time, from the current release to `dir`. A page of the old
 * release still asks for its own script files after the switch (a chunk loaded on first use):
 * the new release serves them too, copied in before its instances start (Next.js lists its
 * files at start-up). Returns the seconds each instance took.
 */
async function switchTo(dir) {
  const target = releaseInfo(dir);
  if (!target) throw new ReleaseError(`${dir} is not a complete release`);
  const from = linkTarget(paths.current);
  if (from === realpathSync(dir)) {
    log(`release ${target.commit} is already current: nothing to switch`);
    return [];
  }
  const fromCommit = from ? (releaseInfo(from)?.commit ?? path.basename(from)) : 'none';
  if (from) addStaticFiles(from, dir);
  log(`switching ${settings.instances.length} instances from ${fromCommit} to ${target.commit}`);
  const oldPrevious = linkTarget(paths.previous);
  pointLink(paths.current, dir);
  if (from) pointLink(paths.previous, from);

  const moved = [];
  const times = [];
  for (const port of settings.instances) {
    const started = Date.now();
    log(`instance ${port}: restarting on ${target.commit}`);
    moved.push(port);
    restart(port);
    const problem = await healthy(port, target);
    if (problem) {
      log(`instance ${port}: health check failed: ${problem}`);
      if (!from) throw new ReleaseError('no previous release to go back to');
      log(`going back to ${fromCommit}: instances ${moved.join(', ')}`);
      pointLink(paths.current, from);
      if (oldPrevious) pointLink(paths.previous, oldPrevious);
      else rmSync(paths.previous, { force: true });
      for (const back of moved.reverse()) {
        restart(back);
        const again = await healthy(back, releaseInfo(from));
        log(
          `instance ${back}: ${again ? `still unhealthy after going back: ${again}` : `back on ${fromCommit}`}`,
        );
      }
      throw new ReleaseError(
        `release ${target.commit} stopped: instance ${port} failed its health check (${problem}); the site runs ${fromCommit}`,
      );
    }
    times.push((Date.now() - started) / 1000);
    log(`instance ${port}: healthy on ${target.commit} after ${times.at(-1).toFixed(1)} s`);
  }
  log(`release ${target.commit} is current (previous: ${fromCommit})`);
  return times;
}

/** Deletes the oldest releases beyond KEEP_RELEASES, never the current or previous one. */
function prune() {
  const keep = new Set([linkTarget(paths.current), linkTarget(paths.previous)]);
  const releases = readdirSync(paths.releases)
    .map((name) => path.join(paths.releases, name))
    .filter((dir) => releaseInfo(dir))
    .sort((a, b) => statSync(b, { bigint: false }).mtimeMs - statSync(a).mtimeMs);
  for (const dir of releases.slice(settings.keep)) {
    if (keep.has(realpathSync(dir))) continue;
    log(`removing the old release ${path.basename(dir)}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function status() {
  for (const [name, link] of [
    ['current', paths.current],
    ['previous', paths.previous],
  ]) {
    const dir = linkTarget(link);
    const info = dir && releaseInfo(dir);
    console.log(`${name}: ${info ? `${info.commit} (built ${info.builtAt})` : 'none'}`);
  }
  for (const port of settings.instances) {
    const health = await get(port, '/api/health');
    const page = await get(port, '/fr');
    const release =
      page.status === 200 ? (/data-dpl-id="([^"]*)"/.exec(page.body)?.[1] ?? 'none') : 'unknown';
    console.log(
      `instance ${port}: /api/health ${health.status || health.body}, release ${release}`,
    );
  }
}

async function main(argv) {
  const [command, ref] = argv;
  if (command === 'status') return status();
  if (!command || command === '--help' || (command === 'build' && !ref)) {
    console.log(
      'Usage: deploy/release <ref> | deploy/release build <ref> | deploy/release rollback | deploy/release status',
    );
    return 2;
  }
  const unlock = lock();
  try {
    if (command === 'rollback') {
      const previous = linkTarget(paths.previous);
      if (!previous) throw new ReleaseError('no previous release to roll back to');
      log(`rollback to ${releaseInfo(previous)?.commit ?? previous}`);
      const started = Date.now();
      await switchTo(previous);
      log(`rollback done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return 0;
    }
    const commit = resolveCommit(command === 'build' ? ref : command);
    const dir = build(commit);
    if (command === 'build') return 0;
    const started = Date.now();
    await switchTo(dir);
    log(`release done: the switch took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    prune();
    return 0;
  } finally {
    unlock();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code ?? 0),
  (error) => {
    log(`FAILED: ${error instanceof ReleaseError ? error.message : error.stack}`);
    process.exit(1);
  },
);
