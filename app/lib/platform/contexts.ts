import { createContext } from "react-router";
import type { Project } from "../../../contract/projects";
import type { User } from "../../../contract/user";
import type { ApiClient } from "./api.server";
import type { RequestInfo } from "./request-info.server";
import type { MemberSession } from "./session.server";
import type { Settled } from "./settle";

/**
 * Every React Router context key of the app, in one place: what a request carries from the app server and the
 * middleware down to the loaders, actions and entry.server. Only types come from the modules that fill them, so
 * this module is safe on both sides (the browser bundle gets `createContext` and nothing of the server).
 */

/**
 * What the app server (server/index.ts) knows about a request before React Router sees it, handed over through
 * `getLoadContext`. The server reads this key from the build (app/entry.server.tsx re-exports it), so both sides
 * use the same object.
 */
export const requestInfoContext = createContext<RequestInfo>({ clientAddress: null, refusal: null });

/** The per-request CSP nonce: set by the security middleware, read by entry.server and the document. */
export const nonceContext = createContext<string>("");

/** Whether this request is served as a lite page: set by the root middleware, read by entry.server and the CSP. */
export const litePagesContext = createContext<boolean>(false);

/** The member's session of this request (session.server.ts): set by the root middleware. */
export const memberSessionContext = createContext<MemberSession>();

/** The API client of this request (api.server.ts), bound to its session: set by the root middleware. */
export const apiContext = createContext<ApiClient>();

/** The project read by the project route's middleware, before any loader (the root's Users/Me included) runs. */
export const projectPrefetchContext = createContext<Promise<Settled<Project>> | null>(null);

/**
 * The member of this request (Users/Me), one value shared by the trial gate, the root loader and every screen:
 * set by the root middleware (app/lib/account/member.server.ts), read through `currentMember(context)`.
 */
export type RequestMember = {
  /** The member, or null when logged out. */
  read(): Promise<User | null>;
  /** A project was just opened: a trial member may have spent a report, so the next read asks the API again. */
  projectOpened(): Promise<void>;
};
export const requestMemberContext = createContext<RequestMember>();
