// Types of summarise.mjs, for its unit test.
export interface PeerRecord {
  run: number;
  harness: string;
  ok: boolean;
  reason?: string;
  wallSeconds: number;
  estimates: Map<string, number>;
  ownFloorNs?: number;
  phases?: import('./harnesses.mjs').UbenchPhases;
}
export interface PeerCell {
  values: number[];
  runs: number;
  mean: number | undefined;
  cv: number | undefined;
  min: number | undefined;
  max: number | undefined;
  reasons: string[];
}
export declare const WALL_RATIO_TARGET: number;
export declare function mean(xs: readonly number[]): number;
export declare function median(xs: readonly number[]): number;
export declare function cv(xs: readonly number[]): number | undefined;
export declare function summarise(
  records: readonly PeerRecord[],
  workloads: readonly string[],
  harnesses: readonly string[],
  floorName: string,
): {
  cell(workload: string, harness: string): PeerCell | undefined;
  walls: Map<string, number[]>;
  ratios: { run: number; ratio: number }[];
  bestPeerCv(workload: string): number | undefined;
  cvMet(workload: string): boolean | undefined;
  floors: Map<string, { empty: PeerCell | undefined; own: number[] }>;
  ratioOf(harness: string, a: string, b: string): number[];
};
