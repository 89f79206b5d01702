// /blog/{slug} and /actualites/{slug} are one article page; its canonical is /{lang}/blog/{slug}.
export { default, generateMetadata } from '../../actualites/[slug]/page';
