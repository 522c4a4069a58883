import type { HeadersOptions, Middleware, ParamsOption } from 'openapi-fetch';
import type {
  ErrorResponse,
  HttpMethod,
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  PathsWithMethod,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { paths as LatestPaths } from './generated/api-version.js';

// The client is openapi-fetch's at run time. Its call signatures are declared here rather than
// taken from openapi-fetch 0.17, which (1) wraps responses in `Readable<>`, a mapped type that
// turns the open enumerations' `(string & {})` into an object type, and (2) infers each call's
// options as a type parameter, so a misspelt body field is not an error. These documents have
// no readOnly or writeOnly properties, so the plain schema types are exact.

type Json = 'application/json';

/** The operation of `Paths[Path]` for `Method`. */
export type OperationOf<Paths, Path extends keyof Paths, Method extends HttpMethod> = Paths[Path] extends {
  [M in Method]: infer Operation;
}
  ? Operation
  : never;

/** The body option: required, optional or absent, as the operation declares it. */
type BodyOption<Operation> =
  IsOperationRequestBodyOptional<Operation> extends true
    ? { body?: OperationRequestBodyContent<Operation> }
    : { body: OperationRequestBodyContent<Operation> };

/** What one call takes: the operation's parameters and body, and fetch's own options. */
export type EventsRequestInit<Operation> = ParamsOption<Operation> &
  BodyOption<Operation> &
  Omit<RequestInit, 'body' | 'headers' | 'method'> & {
    /** Headers of this request; `token` is always the client's. */
    headers?: HeadersOptions;
  };

/** The options argument may be left out when nothing in it is required. */
type InitArgs<Operation> =
  RequiredKeysOf<EventsRequestInit<Operation>> extends never
    ? [init?: EventsRequestInit<Operation>]
    : [init: EventsRequestInit<Operation>];

/** The operation's responses, by status. */
type Responses<Operation> =
  ResponseObjectMap<Operation> extends infer Map extends Record<string | number, unknown> ? Map : never;

type SuccessData<Operation> = SuccessResponse<Responses<Operation>, Json>;

/**
 * The outcome of a call: the parsed body of a 2xx in `data` (`undefined` for a response without
 * a body, such as a 204), or of any other status in `error`; `response` either way.
 */
export type EventsResponse<Operation> =
  | {
      data: [SuccessData<Operation>] extends [never] ? undefined : SuccessData<Operation>;
      error?: never;
      response: Response;
    }
  | {
      data?: never;
      error: ErrorResponse<Responses<Operation>, Json>;
      response: Response;
    };

/** A call for one HTTP method, e.g. `client.GET("/works/updates", { params: { query } })`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- openapi-fetch's own constraint on `Paths`, so that a type parameter passes between the two unchanged
export type EventsMethod<Paths extends {}, Method extends HttpMethod> = <Path extends PathsWithMethod<Paths, Method>>(
  path: Path,
  ...init: InitArgs<OperationOf<Paths, Path, Method>>
) => Promise<EventsResponse<OperationOf<Paths, Path, Method>>>;

/** A client of one version of the event interface (the latest by default). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- openapi-fetch's own constraint on `Paths`, so that a type parameter passes between the two unchanged
export type EventsClient<Paths extends {} = LatestPaths> = {
  readonly [Method in HttpMethod as Uppercase<Method>]: EventsMethod<Paths, Method>;
} & {
  /** Adds middleware (openapi-fetch's `onRequest`, `onResponse`, `onError`). */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
};
