/**
 * What the app server (server/index.ts) knows about a request before React Router sees it, handed over through
 * `getLoadContext` as a React Router context (its key: requestInfoContext in contexts.ts).
 */
export type RequestRefusal = {
  /** 400 (form or query shape), 404 (a secret path spelled otherwise), 405 (method), 413 (body too large), 414 (query too long). */
  status: number;
  title: string;
  message: string;
};

export type RequestInfo = {
  /**
   * The client's address: the socket's peer, or, when that peer is a trusted proxy (TRUSTED_PROXIES), the
   * rightmost X-Forwarded-For hop that is not one. Null only under `react-router dev`, which has no app server.
   */
  clientAddress: string | null;
  /** A request the server refused before reading it further: the app answers it with its error page. */
  refusal: RequestRefusal | null;
};
