// The part of autocannon's API bench:read and bench:athletes use (the package ships no types).
declare module 'autocannon' {
  /** One request as autocannon sends it; setupRequest may change it. */
  export interface Request {
    headers?: Record<string, string>;
    [option: string]: unknown;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
