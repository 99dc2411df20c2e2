// Just what the jobs benchmark uses of autocannon (it ships no types and @types/autocannon is not installed).
declare module "autocannon" {
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    requests: { total: number; average: number };
  }
  interface Instance {
    on(
      event: "response",
      fn: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  }
  function autocannon(
    opts: { url: string; connections?: number; duration?: number; pipelining?: number },
    cb: (err: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
