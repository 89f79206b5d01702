// The build files' Brotli copies, written once per release by deploy/release (and by the tests
// that lay out a release as it does): nginx serves `<file>.br` to every browser that asks for
// Brotli (`brotli_static`, deploy/nginx/sorel-aubry-avocats.conf), so the best and slowest level
// is paid once, at build, instead of a lower one per response. Only Node's own modules, as
// deploy/release.mjs (any Node.js from 18).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The build files nginx compresses (its `brotli_types` there); the others (fonts) are already. */
const TEXT_FILES = /\.(?:js|css|svg|json|txt)$/;

/** Every file under `dir`, as paths. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : entry.isFile() ? [file] : [];
  });
}

/**
 * Writes `<file>.br` beside every text file under `staticDir` (a build's `.next/static`) that has
 * none yet and that Brotli makes smaller. Returns the copies written.
 * @param {string} staticDir
 * @returns {string[]}
 */
export function writeBrotliCopies(staticDir) {
  if (!existsSync(staticDir)) return [];
  const written = [];
  for (const file of filesUnder(staticDir)) {
    if (!TEXT_FILES.test(file) || existsSync(`${file}.br`)) continue;
    const bytes = readFileSync(file);
    const compressed = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    if (compressed.length >= bytes.length) continue;
    writeFileSync(`${file}.br`, compressed);
    written.push(`${file}.br`);
  }
  return written;
}
