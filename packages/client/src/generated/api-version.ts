/**
 * Generated from the latest document of @street-events/openapi by
 * packages/client/scripts/generate.mjs. Do not edit: run `pnpm turbo run generate`.
 */

/** The `info.version` of the OpenAPI document this client is typed from. */
export const API_VERSION = "7.7";

/** The document's first server with its variables at their defaults: the default `baseUrl` of `createEventsClient`. */
export const DEFAULT_BASE_URL = "http://localhost:8080/v7/event";

/** The paths of that version: the default type parameter of `createEventsClient`. */
export type { paths } from "@street-events/types/v7.7";
