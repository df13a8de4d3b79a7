/** Types for scripts/compress.mjs (the build's compression step, see its comments). */
export interface CompressionTotals {
  files: number;
  bytes: number;
  brotliBytes: number;
}
export declare function treeCompressor(
  clientDir: string,
  options?: { parallel?: number },
): {
  readonly done: number;
  follow(options?: { ignore?: string[]; settleMs?: number; pollMs?: number }): void;
  stop(): Promise<void>;
  finish(options?: { ignore?: string[]; under?: string }): Promise<CompressionTotals>;
};
export declare function compressTree(clientDir: string): Promise<CompressionTotals>;
export declare function compressionSummary(totals: CompressionTotals, seconds: number): string;
