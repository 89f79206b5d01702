/**
 * The hero image's rendered widths: the home's hero and `npm run bench`'s image floor
 * (bench/floor) both load it with these, so a phone gets the optimiser's same bytes from each.
 */
export const heroImageSizes = '(min-width: 768px) 26rem, (min-width: 640px) 24rem, 90vw';
