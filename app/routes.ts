import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors both spec documents' routes. Paths match case-insensitively. */

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
    route("Companies", "routes/companies.tsx", { id: "companies" }),
    route("Companies/Download", "routes/companies.download.tsx"),
    route("Companies/:companyId", "routes/company.tsx", { id: "companies.show" }),
    route("Contacts", "routes/contacts.tsx", { id: "contacts" }),
    route("Contacts/Download", "routes/contacts.download.tsx"),
    route("Contacts/:contactId", "routes/contact.tsx", { id: "contacts.show" }),
    route("Me/Contacts", "routes/contacts.tsx", { id: "contacts.mine" }),
    route("Me/Contacts/Tags/:tagId", "routes/contacts.tsx", { id: "contacts.mine.tag" }),
    route("Notes", "routes/notes.tsx", { id: "notes" }),
    route("Alerts", "routes/alerts.tsx", { id: "alerts" }),
    route("Calendar", "routes/calendar.tsx", { id: "calendar" }),
    route("Manual", "routes/manual.tsx", { id: "manual" }),
    route("TrainingVideos", "routes/training-videos.tsx", { id: "training-videos" }),
    route("Help", "routes/help.tsx", { id: "help" }),
    layout("routes/_profile.tsx", [
      route("Me/Account", "routes/account.tsx", { id: "account" }),
      route("Me/Subscription", "routes/subscription.tsx", { id: "subscription" }),
      route("Me/Subscription/Receipts/:chargeId", "routes/receipt.tsx", { id: "subscription.receipt" }),
      route("Me/Settings", "routes/settings.tsx", { id: "settings" }),
    ]),
  ]),

  route("LitePages", "routes/lite-pages.tsx"),
  // The company's pages, from the content site, open to anyone (the footer, the terms checkbox).
  route("about-us", "routes/site-page.tsx", { id: "site.about" }),
  route("news", "routes/site-page.tsx", { id: "site.news" }),
  route("terms-of-service", "routes/site-page.tsx", { id: "site.terms" }),
  route("privacy-policy", "routes/site-page.tsx", { id: "site.privacy" }),
  route("Search/Counties", "routes/counties.tsx"),
  // The calendar feed: outside the member layout, a calendar program has no session (the secret is the address).
  route("Calendar/:hash/Ical", "routes/calendar.ical.tsx"),
  // The unsubscribe link of the alert and reminder e-mails: no session, the token is the authority (decision 085).
  route("Unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("_bench/baseline", "routes/bench-baseline.tsx"),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
