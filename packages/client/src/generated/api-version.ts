/**
 * Generated from the latest document of @street-events/openapi by
 * packages/client/scripts/generate.mjs. Do not edit: run `pnpm turbo run generate`.
 */

/** The `info.version` of the OpenAPI document this client is typed from. */
export const API_VERSION = "7.7";

/** The paths of that version: the default type parameter of `createEventsClient`. */
export type { paths } from "@street-events/types/v7.7";
