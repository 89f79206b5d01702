// @ts-check
// Reads the shipped systemd unit (deploy/systemd/sorel-aubry-avocats@.service) and says how
// systemd would start one instance of it: the command line, the working folder and the
// environment. The deployment tests start their instances from this, substituting only the port
// (%i), the site's folder and the environment file, so that the unit is what is tested.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export const UNIT_FILE = new URL('../deploy/systemd/sorel-aubry-avocats@.service', import.meta.url);

/** systemd's PATH for services (systemd.exec(5)): the instance gets no other. */
export const SERVICE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin';

/**
 * The unit's sections as `{ Section: { Key: [values in order] } }`. Comment lines (# or ;) and
 * blank lines are skipped; a line ending in a backslash continues on the next.
 * @param {string} text
 * @returns {Record<string, Record<string, string[]>>}
 */
export function parseUnit(text) {
  /** @type {Record<string, Record<string, string[]>>} */
  const sections = {};
  /** @type {Record<string, string[]> | null} */
  let section = null;
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      section = sections[/** @type {string} */ (header[1])] ??= {};
      continue;
    }
    const equals = line.indexOf('=');
    if (!section || equals <= 0) throw new Error(`deploy/systemd: cannot read the line "${line}"`);
    const key = line.slice(0, equals).trim();
    (section[key] ??= []).push(line.slice(equals + 1).trim());
  }
  return sections;
}

/**
 * Words split on blanks; quotes and `$VAR` (unbraced) are refused rather than misread.
 * @param {string} value
 * @param {string} what
 */
function words(value, what) {
  if (/["'\\]/.test(value) || /\$(?!\{)/.test(value))
    throw new Error(`deploy/systemd: ${what} uses quoting this reader does not handle: ${value}`);
  return value.split(/\s+/).filter(Boolean);
}

/**
 * The single value of a key, or an error naming it.
 * @param {Record<string, string[]>} service
 * @param {string} key
 * @returns {string}
 */
function single(service, key) {
  const values = service[key] ?? [];
  if (values.length !== 1)
    throw new Error(`deploy/systemd: expected one ${key}=, found ${values.length}`);
  return /** @type {string} */ (values[0]);
}

/**
 * How systemd would start `sorel-aubry-avocats@<port>.service` with the release to run in
 * `appDir` (the unit's WorkingDirectory, `<site>/current`), the site's folder in `siteDir` (the
 * unit's `<site>`, holding `data/`; `appDir` when not given) and its environment file at
 * `envFile`: `{ argv, cwd, env, user, readWritePaths }`. `env` is what the process sees:
 * systemd's PATH, the unit's Environment=, then the file (which wins, as in systemd). `${VAR}`
 * in ExecStart is expanded from it.
 * @param {string} text the unit file
 * @param {{ port: number, appDir: string, siteDir?: string, envFile: string }} instance
 */
export function instanceCommand(text, { port, appDir, siteDir = appDir, envFile }) {
  const service = parseUnit(text).Service;
  if (!service) throw new Error('deploy/systemd: no [Service] section');
  const unitDir = single(service, 'WorkingDirectory');
  if (!unitDir.endsWith('/current'))
    throw new Error(`deploy/systemd: WorkingDirectory= ${unitDir} is not a release link`);
  const unitSite = unitDir.slice(0, -'/current'.length);
  const substitute = (/** @type {string} */ value) => {
    if (/%[^i%]/.test(value)) throw new Error(`deploy/systemd: unknown specifier in ${value}`);
    return value
      .replaceAll('%i', String(port))
      .replaceAll('%%', '%')
      .replaceAll(unitDir, appDir)
      .replaceAll(unitSite, siteDir);
  };

  /** @type {Record<string, string>} */
  const env = { PATH: SERVICE_PATH };
  for (const line of service.Environment ?? [])
    for (const assignment of words(substitute(line), 'Environment=')) {
      const equals = assignment.indexOf('=');
      if (equals <= 0) throw new Error(`deploy/systemd: Environment= entry "${assignment}"`);
      env[assignment.slice(0, equals)] = assignment.slice(equals + 1);
    }
  single(service, 'EnvironmentFile');
  Object.assign(env, parseEnv(readFileSync(envFile, 'utf8')));

  const argv = words(substitute(single(service, 'ExecStart')), 'ExecStart=').map((word) =>
    word.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, /** @type {string} */ name) => {
      if (env[name] === undefined)
        throw new Error(`deploy/systemd: ExecStart uses unset \${${name}}`);
      return /** @type {string} */ (env[name]);
    }),
  );
  return {
    argv,
    cwd: substitute(unitDir),
    env,
    user: single(service, 'User'),
    readWritePaths: (service.ReadWritePaths ?? []).flatMap((value) =>
      words(substitute(value), 'ReadWritePaths='),
    ),
  };
}

/** The shipped unit's text. */
export function readUnit() {
  return readFileSync(UNIT_FILE, 'utf8');
}
