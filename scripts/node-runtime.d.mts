/** The Node.js lines this repository supports (`engines`: >=22); CI proves each one. */
export declare const supportedNodeLines: string[];
/** The path of a `node` binary of the given major version; fetched once, then reused. */
export declare function nodeRuntime(major: string): Promise<string>;
