// /blog/{slug} and /actualites/{slug} are one article page (SPEC 2.2); its canonical is /{lang}/blog/{slug}.
export { default, generateMetadata } from '../../actualites/[slug]/page';
