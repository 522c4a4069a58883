/** A path named in a comment or in Markdown that is not in the tree. */
export interface DeadReference {
  /** The file naming it, relative to the root. */
  file: string;
  /** Its line, from 1. */
  line: number;
  /** The path as written. */
  reference: string;
}
/** A path named in a comment or in Markdown, where it was found. */
export interface Reference {
  reference: string;
  line: number;
  /** Folders it may lie under first: a listing's entries or a table row's path. */
  under?: string[];
  /** Found in a listing, where a bare name must lie at its place in the tree. */
  listing?: boolean;
}
/** Every dead reference below `root`, in file then line order. */
export declare function deadReferences(root: string): DeadReference[];
/** The references in a source file's comments. */
export declare function commentReferences(file: string, text: string): Reference[];
/** The references of a Markdown file. */
export declare function markdownReferences(text: string): Reference[];
/** The path-like words of one line of prose; bare names only in code spans unless `bare`. */
export declare function lineReferences(line: string, options?: { bare?: boolean }): string[];
