import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table mirrors both spec documents' routes. Paths match case-insensitively.
 * Screens that later issues build render the shell's "not available yet" notice (routes/coming-soon.tsx).
 */
const soon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  route("Logout", "routes/logout.tsx", { id: "logout" }),
  route("Me/Logout", "routes/logout.tsx", { id: "me-logout" }),

  layout("routes/_guest.tsx", [
    route("Login", "routes/login.tsx"),
    route("ForgotPassword", "routes/forgot-password.tsx"),
    route("ForgotPassword/:resetToken", "routes/reset-password.tsx"),
  ]),

  layout("routes/_signup.tsx", [
    route("sign-up", "routes/sign-up.tsx"),
    route("sign-up/:planId", "routes/signup.tsx", { id: "signup" }),
    route("sign-up/:planId/complete", "routes/signup.complete.tsx", { id: "signup.complete" }),
  ]),

  layout("routes/_member.tsx", [
    index("routes/home.tsx"),
    route("Subscribers", "routes/subscribers.tsx"),
    route("ContactUs", "routes/contact-us.tsx"),
    route("Folders", "routes/folders.tsx"),
    route("Projects", "routes/projects.tsx", { id: "projects" }),
    route("Projects/Download", "routes/projects.download.tsx"),
    route("Projects/:projectId", "routes/project.tsx", { id: "projects.show" }),
    route("Me/Projects", "routes/projects.tsx", { id: "projects.mine" }),
    route("Me/Projects/Tags/:tagId", "routes/projects.tsx", { id: "projects.mine.tag" }),
    soon("Companies", "companies"),
    soon("Companies/:companyId", "companies.show"),
    route("Contacts", "routes/contacts.tsx", { id: "contacts" }),
    route("Contacts/Download", "routes/contacts.download.tsx"),
    route("Contacts/:contactId", "routes/contact.tsx", { id: "contacts.show" }),
    route("Me/Contacts", "routes/contacts.tsx", { id: "contacts.mine" }),
    route("Me/Contacts/Tags/:tagId", "routes/contacts.tsx", { id: "contacts.mine.tag" }),
    route("Notes", "routes/notes.tsx", { id: "notes" }),
    route("Alerts", "routes/alerts.tsx", { id: "alerts" }),
    soon("Calendar", "calendar"),
    soon("Manual", "manual"),
    soon("TrainingVideos", "training-videos"),
    soon("Help", "help"),
    layout("routes/_profile.tsx", [
      route("Me/Account", "routes/account.tsx", { id: "account" }),
      route("Me/Subscription", "routes/subscription.tsx", { id: "subscription" }),
      route("Me/Settings", "routes/settings.tsx", { id: "settings" }),
    ]),
  ]),

  route("LitePages", "routes/lite-pages.tsx"),
  route("tiles/:z/:x/:y", "routes/tiles.tsx"),
  route("_bench/baseline", "routes/bench-baseline.tsx"),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
