/** Debian's Chromium, which the journeys run in. */
export declare const chromiumPath: string;
/** Its flags (see chromium.mjs). */
export declare const chromiumArgs: string[];
