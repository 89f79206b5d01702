import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeBrotliCopies } from '../../deploy/build-files.mjs';
import { instanceCommand, readUnit } from '../../scripts/systemd-unit.mjs';
import { stopServer } from '../../harness/next-server';
import { freePort, waitForHttp } from '../../harness/ports';

const root = path.resolve(__dirname, '../..');

export interface ReleaseRun {
  code: number | null;
  output: string;
  ms: number;
}

/**
 * A server laid out as docs/operations.md says, in a temporary folder: `repo/` (a bare clone of
 * `upstream.git`, where the tests push new commits), `releases/`, `current`, `previous`,
 * `data/`. Release A is this checkout's commit with the build `npm test` already made (the
 * test command builds before the integration tests), put in place as deploy/release would; every
 * later release is built by deploy/release itself. The test plays systemd: `systemctl restart
 * sorel-aubry-avocats@<port>` from deploy/release reaches it (tests/support/systemctl-standin.mjs)
 * and it stops and starts that instance from the shipped unit, in the `current` release.
 */
export class ReleaseSite {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'sa-release-'));
  readonly siteDir = path.join(this.dir, 'site');
  readonly upstream = path.join(this.dir, 'upstream.git');
  private readonly work = path.join(this.dir, 'work');
  private readonly bin = path.join(this.dir, 'bin');
  private readonly processes = new Map<number, ChildProcess>();
  /** Every instance's output, in start order, for the failure messages. */
  readonly logs: string[] = [];
  /** What the stand-in systemd did: `restart <port>` lines, with the time. */
  readonly restarts: { port: number; at: number }[] = [];
  private control: http.Server | null = null;
  private controlUrl = '';
  commitA = '';

  constructor(
    readonly envFile: string,
    readonly ports: number[],
  ) {}

  private git(args: string[], cwd = this.dir): string {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .toString()
      .trim();
  }

  /** Lays out the server with release A current, and starts the instances on it. */
  async setUp(): Promise<void> {
    const head = this.git(['rev-parse', 'HEAD'], root);
    this.git(['clone', '--quiet', '--bare', root, this.upstream]);
    this.git(['-C', this.upstream, 'update-ref', 'refs/heads/main', head]);
    this.git(['clone', '--quiet', '--bare', this.upstream, path.join(this.siteDir, 'repo')]);
    this.git(['clone', '--quiet', '--branch', 'main', this.upstream, this.work]);
    this.git(['config', 'user.email', 'release-test@example.com'], this.work);
    this.git(['config', 'user.name', 'Release test'], this.work);
    this.commitA = head;

    // Release A, as deploy/release lays out a release (build() there), from the existing build.
    const release = path.join(this.siteDir, 'releases', head);
    const data = path.join(this.siteDir, 'data');
    mkdirSync(release, { recursive: true });
    mkdirSync(path.join(data, 'image-cache'), { recursive: true });
    execFileSync('sh', [
      '-c',
      `git -C "$1" archive "$2" | tar -x -C "$3"`,
      'archive',
      root,
      head,
      release,
    ]);
    execFileSync('cp', [
      '-al',
      path.join(root, 'node_modules'),
      path.join(release, 'node_modules'),
    ]);
    const build = path.join(root, process.env.NEXT_DIST_DIR || '.next');
    execFileSync('cp', ['-al', build, path.join(release, '.next')]);
    execFileSync('cp', ['-al', path.join(root, 'dist'), path.join(release, 'dist')]);
    symlinkSync(data, path.join(release, 'data'));
    rmSync(path.join(release, '.next/cache/images'), { recursive: true, force: true });
    mkdirSync(path.join(release, '.next/cache'), { recursive: true });
    symlinkSync(path.join(data, 'image-cache'), path.join(release, '.next/cache/images'));
    writeBrotliCopies(path.join(release, '.next/static'));
    cpSync(path.join(release, '.next/static'), path.join(release, '.next/static-own'), {
      recursive: true,
    });
    // `npm test`'s build has no deployment id: its pages carry none.
    writeFileSync(
      path.join(release, 'RELEASE'),
      JSON.stringify({ commit: head, deploymentId: null, builtAt: new Date().toISOString() }),
    );
    symlinkSync(release, path.join(this.siteDir, 'current'));

    // systemd, played by this process.
    this.control = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', async () => {
        const args = JSON.parse(body) as string[];
        const port = /^sorel-aubry-avocats@(\d+)\.service$/.exec(args[1] ?? '')?.[1];
        let answer = { code: 1, message: `systemctl stand-in: unsupported ${args.join(' ')}` };
        if (args[0] === 'restart' && port && this.ports.includes(Number(port))) {
          this.restarts.push({ port: Number(port), at: Date.now() });
          await this.stopInstance(Number(port));
          this.startInstance(Number(port));
          answer = { code: 0, message: '' };
        }
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer));
      });
    });
    const controlPort = await freePort();
    await new Promise<void>((resolve) => this.control!.listen(controlPort, '127.0.0.1', resolve));
    this.controlUrl = `http://127.0.0.1:${controlPort}/`;
    mkdirSync(this.bin);
    writeFileSync(
      path.join(this.bin, 'systemctl'),
      `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, 'tests/support/systemctl-standin.mjs')}" "$@"\n`,
    );
    chmodSync(path.join(this.bin, 'systemctl'), 0o755);

    for (const port of this.ports) this.startInstance(port);
    await Promise.all(this.ports.map((port) => waitForHttp(`http://127.0.0.1:${port}/robots.txt`)));
  }

  /** Starts the instance as systemd would: the unit's command, in the `current` release. */
  private startInstance(port: number): void {
    const unit = instanceCommand(readUnit(), {
      port,
      appDir: path.join(this.siteDir, 'current'),
      siteDir: this.siteDir,
      envFile: this.envFile,
    });
    const [command = '', ...args] = unit.argv;
    const child = spawn(command, args, {
      cwd: unit.cwd,
      env: unit.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const index = this.logs.push(`--- instance ${port}, started ${new Date().toISOString()}\n`) - 1;
    const append = (chunk: Buffer) => (this.logs[index] += chunk.toString());
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    this.processes.set(port, child);
  }

  private async stopInstance(port: number): Promise<void> {
    const child = this.processes.get(port);
    if (child) await stopServer(child, 'SIGTERM', 30_000);
  }

  /** A new commit on main in the upstream repository: `change` edits the files in `dir`. */
  commit(message: string, change: (dir: string) => void): string {
    change(this.work);
    this.git(['commit', '--quiet', '--all', '--message', message], this.work);
    this.git(['push', '--quiet', 'origin', 'HEAD:main'], this.work);
    return this.git(['rev-parse', 'HEAD'], this.work);
  }

  /** Runs the shipped deploy/release with this server's settings. */
  release(args: string[]): Promise<ReleaseRun> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${this.bin}:${process.env.PATH ?? ''}`,
      SITE_DIR: this.siteDir,
      SITE_USER: '',
      INSTANCES: this.ports.join(' '),
      HEALTH_TIMEOUT_SECONDS: '45',
      SYSTEMCTL_STANDIN_URL: this.controlUrl,
    };
    delete env.NEXT_DIST_DIR;
    const started = Date.now();
    return new Promise((resolve) => {
      let output = '';
      const child = spawn(path.join(root, 'deploy/release'), args, {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output, ms: Date.now() - started }));
    });
  }

  /** The deployment id on the instance's /fr (`none` for a build without one). */
  async servedRelease(port: number): Promise<string> {
    const page = await fetch(`http://127.0.0.1:${port}/fr`);
    const html = await page.text();
    return /data-dpl-id="([^"]*)"/.exec(html)?.[1] ?? 'none';
  }

  async stop(): Promise<void> {
    await Promise.all(this.ports.map((port) => this.stopInstance(port)));
    await new Promise((resolve) => (this.control ? this.control.close(resolve) : resolve(null)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
