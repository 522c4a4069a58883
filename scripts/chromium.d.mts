/** The Chromium binary the browser checks launch (`CHROMIUM_PATH`, default Debian's `/usr/bin/chromium`). */
export declare const chromiumPath: string;
/** Flags for headless runs with no network of Chromium's own. */
export declare const chromiumArgs: string[];
/** Why Chromium cannot be used, with how to fix it; undefined when it is installed. */
export declare function missingChromium(): string | undefined;
