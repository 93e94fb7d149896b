import { describe, expect, it } from "vitest";
import { SCREEN_SUMMARIES } from "./admin-screen-summaries";
import { ADMIN_SCREENS } from "./admin-screens";

describe("the back office's screens", () => {
  it("each have what the home screen says of them, and nothing is said of a screen there is not", () => {
    expect(Object.keys(SCREEN_SUMMARIES).sort()).toEqual(ADMIN_SCREENS.map((screen) => screen.to).sort());
    expect(Object.values(SCREEN_SUMMARIES).every((summary) => summary.length > 0)).toBe(true);
  });
});
