// Preloaded into a test's server (NODE_OPTIONS=--import), never into the site: counts the reads
// of the article store (lib/articles/store.ts, ARTICLE_READ_CHANNEL) made while each request was
// under way, and prints one line when its answer is sent:
//   [article-reads] GET /fr/blog/… 2
// Requests sent one at a time get their own reads; overlapping ones would share them.
import diagnostics from 'node:diagnostics_channel';

const underWay = new Map();

diagnostics.subscribe('http.server.request.start', ({ request, response }) =>
  underWay.set(response, { line: `${request.method} ${request.url}`, reads: 0 }),
);
diagnostics.subscribe('sorel-aubry-avocats:articles.read', () => {
  for (const request of underWay.values()) request.reads += 1;
});
diagnostics.subscribe('http.server.response.finish', ({ response }) => {
  const request = underWay.get(response);
  if (!request) return;
  underWay.delete(response);
  process.stderr.write(`[article-reads] ${request.line} ${request.reads}\n`);
});
