/** The base class of rate-limiter-flexible's stores (typed in its main entry, exported only from its lib/). */
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import type { RateLimiterStoreAbstract } from "rate-limiter-flexible";

  const Store: typeof RateLimiterStoreAbstract;
  export default Store;
}
