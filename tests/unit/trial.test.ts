import { describe, expect, it } from "vitest";
import {
  isFreeTrial,
  isTrialExpired,
  remainingProjects,
  trialEndDate,
  trialReportsLeft,
} from "../../app/lib/platform/trial";

const trial = {
  member_type: "Free Trial",
  trial_end_date: "2026-12-31",
  remaining_projects: 3,
  subscription: { start_date: null, trial_end_date: null, remaining_projects: null },
};
const today = "2026-11-22";

describe("isFreeTrial", () => {
  it("is true only for the 'Free Trial' member type", () => {
    expect(isFreeTrial(trial)).toBe(true);
    expect(isFreeTrial({ member_type: "Basic" })).toBe(false);
    expect(isFreeTrial(null)).toBe(false);
  });
});

describe("trialReportsLeft", () => {
  it("is a trial's reports left, and null for a member whose actions spend none", () => {
    expect(trialReportsLeft(trial)).toBe(3);
    expect(trialReportsLeft({ ...trial, remaining_projects: -2 })).toBe(0);
    expect(trialReportsLeft({ ...trial, member_type: "Basic" })).toBeNull();
    expect(trialReportsLeft({ ...trial, subscription: { start_date: "2026-01-01" } })).toBeNull();
    expect(trialReportsLeft(null)).toBeNull();
  });
});

describe("isTrialExpired", () => {
  it("is false for an active trial", () => {
    expect(isTrialExpired(trial, today)).toBe(false);
  });
  it("is true once the end date has passed, and not on the end date itself", () => {
    expect(isTrialExpired({ ...trial, trial_end_date: "2026-11-21" }, today)).toBe(true);
    expect(isTrialExpired({ ...trial, trial_end_date: "2026-11-22" }, today)).toBe(false);
  });
  it("is true when no reports remain (0 or less)", () => {
    expect(isTrialExpired({ ...trial, remaining_projects: 0 }, today)).toBe(true);
    expect(isTrialExpired({ ...trial, remaining_projects: -1 }, today)).toBe(true);
    expect(isTrialExpired({ ...trial, remaining_projects: 1 }, today)).toBe(false);
  });
  it("never applies to a member with a subscription start date", () => {
    const subscribed = { ...trial, remaining_projects: 0, subscription: { start_date: "2026-01-01" } };
    expect(isTrialExpired(subscribed, today)).toBe(false);
  });
  it("never applies to paid members", () => {
    expect(isTrialExpired({ ...trial, member_type: "Basic", remaining_projects: 0 }, today)).toBe(false);
  });
  it("accepts a Date for today (its UTC day)", () => {
    expect(isTrialExpired({ ...trial, trial_end_date: "2026-11-21" }, new Date("2026-11-22T10:00:00Z"))).toBe(
      true,
    );
  });
  it("falls back to the subscription's end date and count", () => {
    const fromSubscription = {
      ...trial,
      trial_end_date: null,
      remaining_projects: null,
      subscription: { start_date: null, trial_end_date: "2026-11-01", remaining_projects: 2 },
    };
    expect(trialEndDate(fromSubscription)).toBe("2026-11-01");
    expect(remainingProjects(fromSubscription)).toBe(2);
    expect(isTrialExpired(fromSubscription, today)).toBe(true);
  });
  it("triggers when the count is 0 and stays 0, not on the change from 1 to 0", () => {
    const none = { ...trial, remaining_projects: 0 };
    expect(isTrialExpired(none, today, { previousRemaining: 1 })).toBe(false);
    expect(isTrialExpired(none, today, { previousRemaining: 0 })).toBe(true);
    expect(isTrialExpired(none, today, { previousRemaining: null })).toBe(true);
    // An ended trial blocks whatever the count did.
    expect(isTrialExpired({ ...none, trial_end_date: "2026-11-01" }, today, { previousRemaining: 1 })).toBe(
      true,
    );
  });
  it("is false with no user", () => {
    expect(isTrialExpired(null, today)).toBe(false);
  });
});
