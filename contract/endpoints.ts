/**
 * The endpoint table: every call of the provider's member API, the only place an API path is spelled.
 *
 * Each entry names a call by what it does and holds its method, its path pattern relative to the API base
 * (`/api/frontend/V1`, Hono's syntax: `:name` for a parameter, `{regex}` for what the parameter must look like),
 * a path builder, the request body's schema where the call takes one, the query's schema where it reads one, and
 * the answer's schema (or CSV_FILE for a streamed download). `public` marks the calls made without a token.
 *
 * In the app (server modules only: the table carries zod; browser code imports contract/constants.ts):
 *
 *   endpoints.projectNotes.path({ id: 12 })           // "Projects/12/Notes" (values URI-encoded)
 *   endpoints.projectNotes.method                      // "GET"
 *   endpoints.projectNotes.answer.parse(json)          // ProjectNotesAnswer
 *   const body: z.input<typeof endpoints.saveProjectNote.body> = { note: "Call back", notification_date: null };
 *
 * so a client can take `(endpoint, { params, query, body })` and type all three and the answer from the entry.
 *
 * In the reference API, each route registers its table entry: `app.on(e.method, e.route, handler)`;
 * tests/upstream/endpoints.test.ts checks that it serves exactly the calls of this table.
 */
import type { z } from "zod";
import {
  ChangePasswordAnswer,
  ChangePasswordRequest,
  UpdateAccountAnswer,
  UpdateAccountRequest,
} from "./account";
import {
  CheckResetTokenAnswer,
  CheckResetTokenRequest,
  ForgotPasswordAnswer,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginRequest,
  LogoutAnswer,
  ResetPasswordAnswer,
  ResetPasswordRequest,
} from "./auth";
import {
  CalendarFeedAnswer,
  CalendarFeedQuery,
  ICalHashAnswer,
  NoteNotificationsAnswer,
  NoteNotificationsQuery,
} from "./calendar";
import { MemberChangesAnswer, MemberChangesQuery, ProjectChangesAnswer } from "./changes";
import { AckAnswer } from "./common";
import {
  CompanyAdvancedOptionsAnswer,
  CompanyAnswer,
  CompanyDuplicatesAnswer,
  CompanyListAnswer,
  CompanyPartnersAnswer,
  CompanyProjectsAnswer,
  EditCompanyAnswer,
  EditCompanyRequest,
  MergeCompanyAnswer,
  MergeCompanyRequest,
} from "./companies";
import {
  AddContactNoteRequest,
  AddContactTagRequest,
  ContactAdvancedOptionsAnswer,
  ContactAnswer,
  ContactListAnswer,
  ContactProjectsAnswer,
  ContactProjectsQuery,
  SaveContactRequest,
} from "./contacts";
import { ListDownloadRequest, ListQuery, NoteListQuery } from "./lists";
import { UnsubscribeAnswer, UnsubscribeInfoAnswer, UnsubscribeQuery, UnsubscribeRequest } from "./mail";
import { MessageCreatedAnswer, MessageRequest } from "./messages";
import { AlertListAnswer, NoteListAnswer } from "./notes";
import { AdvancedOptionsAnswer } from "./options";
import {
  AddProjectTagRequest,
  CountMineAnswer,
  DeleteSavedProjectsRequest,
  GeocodeAnswer,
  ProjectAnswer,
  ProjectListAnswer,
  ProjectNotesAnswer,
  SaveProjectNoteAnswer,
  SaveProjectNoteRequest,
  SaveProjectRequest,
  SaveProjectsAnswer,
  SaveProjectsRequest,
  SimilarProjectsAnswer,
  SimilarProjectsQuery,
} from "./projects";
import {
  ChargeAnswer,
  ChargesAnswer,
  CoverageRequest,
  PaymentStateAnswer,
  PriceAnswer,
  PriceRequest,
  RegisterAnswer,
  CountiesAnswer as RegisterCountiesAnswer,
  RegisterOptionsAnswer,
  RegisterRequest,
  SubscribeAnswer,
  SubscribeRequest,
} from "./register";
import {
  CountiesAnswer,
  CountiesQuery,
  SavedSearchAnswer,
  SavedSearchListAnswer,
  SaveSearchRequest,
  UpdateSavedSearchRequest,
} from "./searches";
import { CreateTagRequest, TagAnswer, UpdateTagRequest } from "./tags";
import { UserAnswer, UserWithSettingsAnswer, WithSettingsQuery } from "./user";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** The answer of a download: a CSV file streamed as it is written, not JSON, so no schema. */
export const CSV_FILE = { file: "text/csv" } as const;
type FileAnswer = typeof CSV_FILE;

/** The parameter names of a path pattern: `Projects/:projectId{[0-9]+}/Notes/:id` → "projectId" | "id". */
type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<Tail>
    : ParamName<Rest>
  : never;
type ParamName<S extends string> = S extends `${infer Name}{${string}` ? Name : S;

export type PathParams<P extends string> = { [K in PathParamNames<P>]: string | number };

/** A pattern without parameters builds its path from nothing; one with parameters from an object of them. */
export type PathBuilder<P extends string> = [PathParamNames<P>] extends [never]
  ? () => string
  : (params: PathParams<P>) => string;

interface CallSpec {
  answer: z.ZodType | FileAnswer;
  body?: z.ZodType;
  query?: z.ZodType;
  public?: true;
}

/** Any entry of the table (a client takes `E extends Endpoint` and reads the entry's own types). */
export interface Endpoint extends Readonly<CallSpec> {
  readonly method: HttpMethod;
  readonly pattern: string;
  /** The route as the reference API registers it below the API base: "/" and the pattern. */
  readonly route: string;
  readonly path: (params: never) => string;
}

const PARAMETER = /:([A-Za-z_]\w*)(?:\{([^}]*)\})?/g;

/**
 * The path of a pattern for given parameter values, each URI-encoded. A value that does not match its parameter's
 * `{regex}` (an id that is not a number, an empty address) is refused, as the API would answer it with a 404.
 */
function pathBuilder<P extends string>(pattern: P): PathBuilder<P> {
  const checks = new Map(
    [...pattern.matchAll(PARAMETER)].map(([, name, regex]) => [
      name,
      regex === undefined ? null : new RegExp(`^(?:${regex})$`),
    ]),
  );
  const build = (params: Record<string, string | number> = {}) =>
    pattern.replace(PARAMETER, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new TypeError(`${pattern}: no value for :${name}`);
      const text = String(value);
      if (checks.get(name)?.test(text) === false)
        throw new TypeError(`${pattern}: the value of :${name} does not fit the pattern`);
      const encoded = encodeURIComponent(text);
      // "." and ".." would be read as the current and the parent folder.
      return /^\.{1,2}$/.test(encoded) ? encoded.replaceAll(".", "%2E") : encoded;
    });
  return build as PathBuilder<P>;
}

function call<const M extends HttpMethod, const P extends string, const S extends CallSpec>(
  method: M,
  pattern: P,
  spec: S,
) {
  return { method, pattern, route: `/${pattern}` as `/${P}`, path: pathBuilder(pattern), ...spec };
}

/** A path parameter that is a row id. */
const ID = "{[0-9]+}";
/** A path parameter that is an idempotency key (16 to 100 of these characters: the API checks the length). */
const PAYMENT_KEY = "{[A-Za-z0-9_-]+}";

export const endpoints = {
  // Session and password
  login: call("POST", "Login", { body: LoginRequest, answer: LoginAnswer, public: true }),
  logout: call("POST", "Logout", { answer: LogoutAnswer }),
  forgotPassword: call("POST", "ForgotPassword", {
    body: ForgotPasswordRequest,
    answer: ForgotPasswordAnswer,
    public: true,
  }),
  resetPassword: call("POST", "ResetPassword", {
    body: ResetPasswordRequest,
    answer: ResetPasswordAnswer,
    public: true,
  }),
  checkResetToken: call("POST", "ResetPassword/Check", {
    body: CheckResetTokenRequest,
    answer: CheckResetTokenAnswer,
    public: true,
  }),

  // The member, their account and folders
  me: call("GET", "Users/Me", { answer: UserAnswer }),
  meWithSettings: call("GET", "Users/Me", { query: WithSettingsQuery, answer: UserWithSettingsAnswer }),
  updateAccount: call("PUT", "Users/Me", { body: UpdateAccountRequest, answer: UpdateAccountAnswer }),
  changePassword: call("POST", "Users/Me/Password", {
    body: ChangePasswordRequest,
    answer: ChangePasswordAnswer,
  }),
  createFolder: call("POST", "Users/Me/Tags", { body: CreateTagRequest, answer: TagAnswer }),
  updateFolder: call("PUT", "Users/Me/Tags", { body: UpdateTagRequest, answer: TagAnswer }),
  deleteFolder: call("DELETE", `Users/Me/Tags/:id${ID}`, { answer: AckAnswer }),

  // Ask A Question, Request Research
  sendMessage: call("POST", "Messages", { body: MessageRequest, answer: MessageCreatedAnswer }),

  // Projects
  projects: call("GET", "Projects", { query: ListQuery, answer: ProjectListAnswer }),
  countSavedProjects: call("GET", "Projects/CountMine", { answer: CountMineAnswer }),
  projectSearchOptions: call("GET", "Projects/AdvancedOptions", { answer: AdvancedOptionsAnswer }),
  downloadProjects: call("POST", "Projects/Download", { body: ListDownloadRequest, answer: CSV_FILE }),
  saveProject: call("POST", "Projects/Save", { body: SaveProjectRequest, answer: AckAnswer }),
  setProjectFolder: call("POST", "Projects/AddTag", { body: AddProjectTagRequest, answer: AckAnswer }),
  saveProjects: call("POST", "Projects/SaveMany", { body: SaveProjectsRequest, answer: SaveProjectsAnswer }),
  project: call("GET", `Projects/:id${ID}`, { answer: ProjectAnswer }),
  unsaveProject: call("DELETE", `Projects/:id${ID}`, { answer: AckAnswer }),
  unsaveProjects: call("DELETE", "SavedProjects", { body: DeleteSavedProjectsRequest, answer: AckAnswer }),
  similarProjects: call("GET", `Projects/:id${ID}/Similar`, {
    query: SimilarProjectsQuery,
    answer: SimilarProjectsAnswer,
  }),
  projectNotes: call("GET", `Projects/:id${ID}/Notes`, { answer: ProjectNotesAnswer }),
  saveProjectNote: call("POST", `Projects/:id${ID}/Notes`, {
    body: SaveProjectNoteRequest,
    answer: SaveProjectNoteAnswer,
  }),
  deleteProjectNote: call("DELETE", `Projects/:projectId${ID}/Notes/:id${ID}`, { answer: AckAnswer }),
  // A project's change history, and the member's saved projects' changes since a time (issue 45)
  projectChanges: call("GET", `Projects/:id${ID}/Changes`, { answer: ProjectChangesAnswer }),
  memberChanges: call("GET", "Users/Me/Changes", { query: MemberChangesQuery, answer: MemberChangesAnswer }),

  // Contacts
  contacts: call("GET", "Contacts", { query: ListQuery, answer: ContactListAnswer }),
  contactSearchOptions: call("GET", "Contacts/AdvancedOptions", { answer: ContactAdvancedOptionsAnswer }),
  downloadContacts: call("POST", "Contacts/Download", { body: ListDownloadRequest, answer: CSV_FILE }),
  saveContact: call("POST", "Contacts/Save", { body: SaveContactRequest, answer: AckAnswer }),
  setContactFolder: call("POST", "Contacts/AddTag", { body: AddContactTagRequest, answer: AckAnswer }),
  saveContactNote: call("POST", "Contacts/AddNote", { body: AddContactNoteRequest, answer: AckAnswer }),
  contact: call("GET", `Contacts/:id${ID}`, { answer: ContactAnswer }),
  unsaveContact: call("DELETE", `Contacts/:id${ID}`, { answer: AckAnswer }),
  contactProjects: call("GET", `Contacts/:id${ID}/Projects`, {
    query: ContactProjectsQuery,
    answer: ContactProjectsAnswer,
  }),

  // Companies
  companies: call("GET", "Companies", { query: ListQuery, answer: CompanyListAnswer }),
  companySearchOptions: call("GET", "Companies/AdvancedOptions", { answer: CompanyAdvancedOptionsAnswer }),
  downloadCompanies: call("POST", "Companies/Download", { body: ListDownloadRequest, answer: CSV_FILE }),
  company: call("GET", `Companies/:id${ID}`, { answer: CompanyAnswer }),
  editCompany: call("PUT", `Companies/:id${ID}`, { body: EditCompanyRequest, answer: EditCompanyAnswer }),
  companyProjects: call("GET", `Companies/:id${ID}/Projects`, { answer: CompanyProjectsAnswer }),
  companyPartners: call("GET", `Companies/:id${ID}/Partners`, { answer: CompanyPartnersAnswer }),
  companyDuplicates: call("GET", `Companies/:id${ID}/Duplicates`, { answer: CompanyDuplicatesAnswer }),
  mergeCompany: call("POST", `Companies/:id${ID}/Merge`, {
    body: MergeCompanyRequest,
    answer: MergeCompanyAnswer,
  }),

  // Notes page, alerts, geocoding
  notesOnProjects: call("GET", "Notes/Projects", { query: NoteListQuery, answer: NoteListAnswer }),
  notesOnContacts: call("GET", "Notes/Contacts", { query: NoteListQuery, answer: NoteListAnswer }),
  alerts: call("GET", "Alerts", { answer: AlertListAnswer }),
  // Advanced search: counties of chosen states, and the member's saved searches of each list
  counties: call("GET", "Counties", { query: CountiesQuery, answer: CountiesAnswer }),
  savedProjectSearches: call("GET", "Users/Me/SavedSearches", { answer: SavedSearchListAnswer }),
  saveProjectSearch: call("POST", "Users/Me/SavedSearches", {
    body: SaveSearchRequest,
    answer: SavedSearchAnswer,
  }),
  updateProjectSearch: call("PUT", `Users/Me/SavedSearches/:id${ID}`, {
    body: UpdateSavedSearchRequest,
    answer: SavedSearchAnswer,
  }),
  deleteProjectSearch: call("DELETE", `Users/Me/SavedSearches/:id${ID}`, { answer: AckAnswer }),
  savedContactSearches: call("GET", "Users/Me/SavedContactSearches", { answer: SavedSearchListAnswer }),
  saveContactSearch: call("POST", "Users/Me/SavedContactSearches", {
    body: SaveSearchRequest,
    answer: SavedSearchAnswer,
  }),
  deleteContactSearch: call("DELETE", `Users/Me/SavedContactSearches/:id${ID}`, { answer: AckAnswer }),
  savedCompanySearches: call("GET", "Users/Me/SavedCompanySearches", { answer: SavedSearchListAnswer }),
  saveCompanySearch: call("POST", "Users/Me/SavedCompanySearches", {
    body: SaveSearchRequest,
    answer: SavedSearchAnswer,
  }),
  deleteCompanySearch: call("DELETE", `Users/Me/SavedCompanySearches/:id${ID}`, { answer: AckAnswer }),
  geocode: call("GET", "Geocode/:address{.+}", { answer: GeocodeAnswer }),

  // Calendar: the member's note reminders and the feed a calendar program polls
  noteNotifications: call("GET", "UserProjects/NoteNotifications", {
    query: NoteNotificationsQuery,
    answer: NoteNotificationsAnswer,
  }),
  iCalHash: call("GET", "Users/Me/iCalHash", { answer: ICalHashAnswer }),
  resetICalHash: call("POST", "Users/Me/iCalHash/Reset", { answer: ICalHashAnswer }),
  calendarFeed: call("GET", "Calendar/Feed", {
    query: CalendarFeedQuery,
    answer: CalendarFeedAnswer,
    public: true,
  }),

  // Unsubscribe links of the alert and reminder e-mails: the token is the authority, no session (RFC 8058)
  unsubscribeInfo: call("GET", "Mail/Unsubscribe", {
    query: UnsubscribeQuery,
    answer: UnsubscribeInfoAnswer,
    public: true,
  }),
  unsubscribe: call("POST", "Mail/Unsubscribe", {
    body: UnsubscribeRequest,
    answer: UnsubscribeAnswer,
    public: true,
  }),

  // Sign-up checkout and the subscription page
  registerOptions: call("GET", "Register/Options", { answer: RegisterOptionsAnswer, public: true }),
  registerCounties: call("GET", "Register/Counties/:state{[A-Za-z][A-Za-z]}", {
    answer: RegisterCountiesAnswer,
    public: true,
  }),
  registerPrice: call("POST", "Register/Price", { body: PriceRequest, answer: PriceAnswer, public: true }),
  register: call("POST", "Register", { body: RegisterRequest, answer: RegisterAnswer, public: true }),
  subscribe: call("POST", "Users/Me/Subscription", { body: SubscribeRequest, answer: SubscribeAnswer }),
  completeCoverage: call("POST", "Users/Me/Subscription/Coverage", {
    body: CoverageRequest,
    answer: SubscribeAnswer,
  }),
  charges: call("GET", "Users/Me/Charges", { answer: ChargesAnswer }),
  charge: call("GET", "Users/Me/Charges/:id{[0-9]+}", { answer: ChargeAnswer }),
  // What happened to a charging request whose answer the app did not get (decision 138), by its idempotency key:
  // the member's own activation (their token), or a sign-up (public: the key is the only credential).
  paymentState: call("GET", `Users/Me/Payments/:key${PAYMENT_KEY}`, { answer: PaymentStateAnswer }),
  signupPaymentState: call("GET", `Register/Payments/:key${PAYMENT_KEY}`, {
    answer: PaymentStateAnswer,
    public: true,
  }),
} as const satisfies Record<string, Endpoint>;
