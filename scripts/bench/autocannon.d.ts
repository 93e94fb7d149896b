// The package ships no types; this declares the part the benchmark uses.
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
