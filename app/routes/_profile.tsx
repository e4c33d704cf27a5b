import { Outlet } from "react-router";

/** The profile pages (Account, Subscription, Settings): the shell shows the profile sidebar for them. */
export const handle = { profile: true };

export default function ProfileLayout() {
  return <Outlet />;
}
