/** The site's ink, accent and muted grey, as in app/globals.css. */
export declare const ink: string;
export declare const accent: string;
export declare const grey: string;
/** The logo's SVG source, its letters drawn as outlines of the site's fonts. */
export declare function logoSvg(): Promise<string>;
