// Types for chromium.mjs, so that playwright.config.ts launches the browser with the same flags.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
