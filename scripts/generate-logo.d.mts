/** The logo's SVG source, its letters drawn as outlines of the site's fonts. */
export declare function logoSvg(): Promise<string>;
