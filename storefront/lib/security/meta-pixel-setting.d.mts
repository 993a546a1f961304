/** What TypeScript sees of meta-pixel-setting.mjs, which the storefront's server runs as it is. */
import type { ServerResponse } from 'node:http';

export declare const META_PIXEL_SCRIPT_ORIGIN: 'https://connect.facebook.net';
export declare const META_PIXEL_REPORT_ORIGIN: 'https://www.facebook.com';

export declare const META_PIXEL_ID_PATTERN: RegExp;
export declare const META_PIXEL_ID_RULE: string;

export declare function readMetaPixelId(
  value: string | undefined,
): { ok: true; pixelId: string | undefined } | { ok: false; message: string };

export declare function withMetaPixel(policy: string): string;

export declare function allowMetaPixel(response: ServerResponse): void;
