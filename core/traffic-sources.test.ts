import { describe, expect, it } from "vitest";
import { DIRECT, referrerHost, sourceKey, sourceOfKey, visitSourceOf } from "./traffic-sources";

const SHOP = ["shop.example.com", "localhost"];

describe("a visit's source", () => {
  it("keeps only the referring site's host, lower case and without www.", () => {
    expect(referrerHost("https://WWW.Google.com/search?q=private+words&uid=42", SHOP)).toBe("google.com");
    expect(referrerHost("https://news.ycombinator.com/item?id=1", SHOP)).toBe("news.ycombinator.com");
    expect(referrerHost("android-app://com.google.android.gm/", SHOP)).toBe("com.google.android.gm");
  });

  it("makes the shop itself, no referrer and what is not an address a direct visit", () => {
    for (const referrer of [undefined, "", "https://shop.example.com/cart", "https://www.shop.example.com/", "http://localhost:3000/", "not a url"]) {
      expect({ referrer, host: referrerHost(referrer, SHOP) }).toEqual({ referrer, host: null });
    }
  });

  it("takes the landing page's utm parameters trimmed and cut to 100 characters; blank ones are none", () => {
    expect(visitSourceOf({ referrer: "https://t.co/x", utm_source: " twitter ", utm_medium: "", utm_campaign: "c".repeat(150) }, SHOP)).toEqual({
      referrer: "t.co",
      utmSource: "twitter",
      utmMedium: null,
      utmCampaign: "c".repeat(100),
    });
    expect(visitSourceOf({}, SHOP)).toEqual(DIRECT);
  });

  it("names each source by one key, read back as the same source", () => {
    const source = { referrer: "google.com", utmSource: "newsletter", utmMedium: null, utmCampaign: "spring" };
    expect(sourceKey(source)).toBe('["google.com","newsletter",null,"spring"]');
    expect(sourceOfKey(sourceKey(source))).toEqual(source);
    expect(sourceKey({ utmCampaign: "spring", utmMedium: null, utmSource: "newsletter", referrer: "google.com" })).toBe(sourceKey(source));
  });
});
