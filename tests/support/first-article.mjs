// The address of the first article the list page `/{locale}/actualites` links to, or undefined
// when it lists none. Plain JavaScript so that `npm run bench` (bench/run.mjs) shares it with the
// tests.
export async function firstArticlePath(baseUrl, locale) {
  const html = await (await fetch(`${baseUrl}/${locale}/actualites`)).text();
  return new RegExp(`href="(/${locale}/blog/[^"?#]+)"`).exec(html)?.[1];
}
