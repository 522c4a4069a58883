export { createEventsClient, type EventsClientOptions } from "./create-events-client.js";
export type {
  EventsClient,
  EventsMethod,
  EventsRequestInit,
  EventsResponse,
  OperationOf,
} from "./events-client.js";
export { API_VERSION } from "./generated/api-version.js";
/** The types of the latest version (`paths`, `components`, `ErrorResponse`, `WorkUpdateSummary`, …). */
export type * from "@street-events/types";
