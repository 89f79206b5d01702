import path from 'node:path';

// Plugins by name or absolute path, as Turbopack loads them (a relative one would be resolved
// from its build folder); the second is the project's own.
const config = {
  plugins: {
    '@tailwindcss/postcss': {},
    [path.join(process.cwd(), 'postcss-trim-unread.mjs')]: {},
  },
};
export default config;
