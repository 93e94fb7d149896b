/**
 * The demo shop's content: a small coffee and tea roaster. Plain data, so the seed and the tests read the same
 * source; `seed.ts` turns it into rows and images.
 */
import { REMINDER_DELAY_MINUTES } from "../../core/cart-reminders";
import { DEFAULT_HOME_SECTIONS } from "../../core/home-sections";
import type { StoreSettings } from "../../core/schemas/store-settings";
import { DEFAULT_REMINDER_DAYS } from "../../core/subscriptions";
import { DEFAULT_RETURN_WINDOW_DAYS } from "../../core/returns";
import { serverTimeZone } from "../../core/shop-time";

/** Fixtures the tests and the docs point at; the seed test checks each of them against the seeded rows. */
export const DEMO = {
  storeId: "demo",
  storeName: "Tidewater Coffee & Tea",
  productHandles: {
    houseBlend: "house-blend",
    ethiopia: "ethiopia-yirgacheffe",
    colombia: "colombia-huila",
    sumatra: "sumatra-mandheling",
    espresso: "night-shift-espresso",
    decaf: "swiss-water-decaf",
    breakfastTea: "highland-breakfast-tea",
    jasmine: "jasmine-dragon-pearls",
    sencha: "uji-sencha",
    chamomile: "chamomile-honeybush",
    dripper: "ceramic-dripper",
    kettle: "gooseneck-kettle",
    grinder: "hand-burr-grinder",
    frenchPress: "french-press",
    filters: "cone-filters",
    mug: "harbor-mug",
    campMug: "enamel-camp-mug",
    tumbler: "travel-tumbler",
  },
  /** Every variant has stock 0. */
  outOfStockProductHandle: "hand-burr-grinder",
  lowStock: { productHandle: "ceramic-dripper", sku: "DRIP-SAGE", stock: 2 },
  /** The product the home banner's button opens. */
  bannerProductHandle: "house-blend",
  subscriptionProductHandles: ["house-blend", "highland-breakfast-tea"],
  /** Ids in the default store; other stores prefix them (see `subscriptionOptionId`). */
  subscriptions: {
    houseBlend: {
      handle: "house-blend",
      sku: "HOUSE-12OZ-WB",
      everyTwoWeeks: "sub-house-12oz-wb-2w",
      monthly: "sub-house-12oz-wb-1m",
    },
    breakfastTea: {
      handle: "highland-breakfast-tea",
      sku: "BFAST-50G",
      everyTwoWeeks: "sub-bfast-50g-2w",
      monthly: "sub-bfast-50g-1m",
    },
  },
  bundleHandles: {
    pourOverKit: "pour-over-starter-kit",
    teaSampler: "tea-lovers-sampler",
    giftBox: "morning-ritual-gift-box",
  },
  standaloneBundleHandle: "morning-ritual-gift-box",
  collectionHandles: {
    all: "all_products",
    featured: "featured",
    coffee: "coffee",
    tea: "tea",
    brewingGear: "brewing-gear",
    drinkware: "drinkware",
  },
  discountCodes: {
    /** 15 % off, at most $10 off an order. */
    percentCapped: "SAVE15",
    /** $10 off. */
    fixedAmount: "TENOFF",
    freeShipping: "FREESHIP",
    /** max_redemptions 0: always refused as used up. */
    exhausted: "SOLDOUT",
    /** The welcome popup's template; never redeemable itself. */
    popup: "WELCOME-TEMPLATE",
  },
  shippingOptionKeys: { standard: "standard", express: "express", overnight: "overnight" },
  pageNames: ["about", "shipping", "returns", "privacy"],
  pageWithImage: "about",
  blogSlug: "brewing-better-coffee-at-home",
} as const;

export type ArtKind = "bag" | "tin" | "dripper" | "kettle" | "grinder" | "press" | "filters" | "mug" | "tumbler";

export type ProductSeed = {
  handle: string;
  title: string;
  description: string;
  /** Printed on the hover image. */
  tagline: string;
  art: ArtKind;
  /** Dark and light colour of the product's images. */
  palette: [string, string];
  /** Sku prefix; each option value adds its code. */
  sku: string;
  options: { name: string; values: [value: string, code: string][] }[];
  /** One price, or a price per value of the first option. */
  price: number | Record<string, number>;
  /** An earlier price per value of the first option, shown struck through (on sale). */
  compareAt?: Record<string, number>;
  /** Handles the product had before: their addresses still lead to it. */
  formerHandles?: string[];
  /** Stock per sku where it differs from the default. */
  stock?: Record<string, number>;
  outOfStock?: boolean;
  subscription?: boolean;
  collections: string[];
};

const GRINDS: [string, string][] = [
  ["Whole Bean", "WB"],
  ["Drip Grind", "DRIP"],
  ["Espresso Grind", "ESP"],
];
const BAG_WEIGHTS: [string, string][] = [
  ["12 oz", "12OZ"],
  ["2 lb", "2LB"],
];
const TEA_SIZES: [string, string][] = [
  ["50 g Tin", "50G"],
  ["250 g Pouch", "250G"],
];

export const PRODUCTS: ProductSeed[] = [
  {
    handle: "house-blend",
    title: "Tidewater House Blend",
    description:
      "Our everyday coffee: washed Colombian and natural Brazilian beans roasted to a medium brown. Expect milk chocolate, toasted almond and a little orange zest, with a round body that holds up to milk. It is the pot we brew in the roastery every morning, and the one most of our subscribers start with.",
    tagline: "Milk chocolate · Toasted almond · Orange zest",
    art: "bag",
    palette: ["#5b3a1e", "#f0d9b5"],
    sku: "HOUSE",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      { name: "Grind", values: GRINDS },
    ],
    price: { "12 oz": 1600, "2 lb": 3800 },
    // The everyday coffee that subscribers renew: a roaster keeps a good shelf of it.
    stock: { "HOUSE-12OZ-WB": 60, "HOUSE-2LB-ESP": 3 },
    subscription: true,
    collections: ["coffee", "featured"],
  },
  {
    handle: "ethiopia-yirgacheffe",
    title: "Ethiopia Yirgacheffe Kochere",
    description:
      "A washed heirloom coffee from smallholders who deliver their cherries to the Kochere station in Gedeo. We roast it light to keep its jasmine aroma, bergamot and sweet lemon. Brilliant as a pour-over and even better iced.",
    tagline: "Jasmine · Bergamot · Sweet lemon",
    art: "bag",
    palette: ["#8a4b12", "#fbe3a6"],
    sku: "ETH",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      { name: "Grind", values: GRINDS },
    ],
    price: { "12 oz": 1950, "2 lb": 4600 },
    collections: ["coffee", "featured"],
  },
  {
    handle: "colombia-huila",
    title: "Colombia Huila La Plata",
    description:
      "Grown at around 1,700 metres by family farms near La Plata in Huila and dried on raised beds. A medium roast brings out red apple, panela sugar and a clean cocoa finish. Forgiving in any brewer, from a drip machine to an AeroPress.",
    tagline: "Red apple · Panela · Cocoa",
    art: "bag",
    palette: ["#7a1f2b", "#f6c9c2"],
    sku: "COL",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      { name: "Grind", values: GRINDS },
    ],
    price: { "12 oz": 1750, "2 lb": 4200 },
    collections: ["coffee"],
  },
  {
    handle: "sumatra-mandheling",
    title: "Sumatra Mandheling",
    description:
      "Wet-hulled coffee from the highlands around Lake Toba, roasted dark for a heavy, syrupy cup. Notes of cedar, dark chocolate and molasses with very low acidity. A favourite for the French press and for anyone who takes their coffee with cream.",
    tagline: "Cedar · Dark chocolate · Molasses",
    art: "bag",
    palette: ["#2f2a24", "#d9cbb8"],
    sku: "SUM",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      { name: "Grind", values: GRINDS },
    ],
    price: { "12 oz": 1700, "2 lb": 4000 },
    collections: ["coffee"],
  },
  {
    handle: "night-shift-espresso",
    title: "Night Shift Espresso",
    description:
      "Our espresso blend of Brazilian and Guatemalan coffees, built for a dense, sweet shot with thick crema. On its own it tastes of dark cherry and hazelnut; in a flat white it turns to caramel. Rest the beans a week after the roast date for the best extraction.",
    tagline: "Dark cherry · Hazelnut · Caramel",
    art: "bag",
    palette: ["#1f2a44", "#c9d3ea"],
    sku: "NIGHT",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      {
        name: "Grind",
        values: [
          ["Whole Bean", "WB"],
          ["Espresso Grind", "ESP"],
        ],
      },
    ],
    price: { "12 oz": 1800, "2 lb": 4300 },
    collections: ["coffee"],
  },
  {
    handle: "swiss-water-decaf",
    title: "Swiss Water Decaf Peru",
    description:
      "Organic coffee from Cajamarca, decaffeinated in British Columbia with the chemical-free Swiss Water Process, which removes 99.9% of the caffeine. It keeps the brown sugar and walnut notes of the original bean. Evening coffee without the sleepless night.",
    tagline: "Brown sugar · Walnut · Soft citrus",
    art: "bag",
    palette: ["#3d5a3a", "#d7e6c8"],
    sku: "DECAF",
    options: [
      { name: "Weight", values: BAG_WEIGHTS },
      { name: "Grind", values: GRINDS },
    ],
    price: { "12 oz": 1750, "2 lb": 4100 },
    collections: ["coffee"],
  },
  {
    handle: "highland-breakfast-tea",
    title: "Highland Breakfast Tea",
    description:
      "A brisk breakfast blend of Assam and Kenyan black teas, strong enough for milk and sugar. Malty and full with a clean, bright finish. Steep one teaspoon for four minutes in water just off the boil.",
    tagline: "Malty · Brisk · Made for milk",
    art: "tin",
    palette: ["#6e2c1c", "#f3d2bf"],
    sku: "BFAST",
    options: [{ name: "Size", values: TEA_SIZES }],
    price: { "50 g Tin": 1100, "250 g Pouch": 3200 },
    subscription: true,
    collections: ["tea", "featured"],
  },
  {
    handle: "jasmine-dragon-pearls",
    title: "Jasmine Dragon Pearls",
    description:
      "Hand-rolled green tea pearls from Fujian, scented over several nights with fresh jasmine blossoms. Each pearl unfurls in the cup into a floral, sweet infusion that can be steeped three or four times. Brew at 80 °C for two to three minutes.",
    tagline: "Jasmine blossom · Honeydew · Silky",
    art: "tin",
    palette: ["#4b5d23", "#eef2c9"],
    sku: "JASM",
    options: [{ name: "Size", values: TEA_SIZES }],
    price: { "50 g Tin": 1600, "250 g Pouch": 5400 },
    collections: ["tea"],
  },
  {
    handle: "uji-sencha",
    title: "Uji Sencha",
    description:
      "A first-flush steamed green tea from the hills south of Kyoto. Grassy and bright with a savoury, umami depth. Keep the water cool, around 70 °C, and steep for just one minute.",
    tagline: "Fresh grass · Umami · Sea air",
    art: "tin",
    palette: ["#1f5e3b", "#cfeeda"],
    sku: "SENCHA",
    options: [{ name: "Size", values: TEA_SIZES }],
    price: { "50 g Tin": 1400, "250 g Pouch": 4800 },
    collections: ["tea"],
  },
  {
    handle: "chamomile-honeybush",
    title: "Chamomile Honeybush",
    description:
      "A caffeine-free evening blend of whole Egyptian chamomile flowers and South African honeybush. Naturally sweet with notes of baked apple and honey, and no added flavourings. Steep for five minutes or longer; it never turns bitter.",
    tagline: "Baked apple · Honey · Caffeine free",
    art: "tin",
    palette: ["#8c6a12", "#fcefc0"],
    sku: "CHAM",
    options: [{ name: "Size", values: TEA_SIZES }],
    price: { "50 g Tin": 1000, "250 g Pouch": 2900 },
    stock: { "CHAM-250G": 3 },
    collections: ["tea"],
  },
  {
    handle: "ceramic-dripper",
    title: "Ceramic Pour-Over Dripper",
    description:
      "A single-cup cone dripper made for us by a small pottery in Midcoast Maine and finished in a food-safe glaze. Spiral ribs hold the filter off the wall so the coffee flows evenly. Takes #2 cone filters and sits on most mugs and carafes.",
    tagline: "Hand-glazed stoneware · Takes #2 filters",
    art: "dripper",
    palette: ["#2e5e58", "#d4ece7"],
    sku: "DRIP",
    options: [
      {
        name: "Colour",
        values: [
          ["Matte White", "WHITE"],
          ["Charcoal", "CHAR"],
          ["Sage", "SAGE"],
        ],
      },
    ],
    price: 2800,
    stock: { "DRIP-SAGE": 2 },
    collections: ["brewing-gear", "featured"],
  },
  {
    handle: "gooseneck-kettle",
    title: "Gooseneck Pour-Over Kettle",
    description:
      "A one-litre stovetop kettle with a slim gooseneck spout for a slow, steady pour. The thermometer in the lid shows when the water reaches brewing temperature. Works on gas, electric and induction hobs.",
    tagline: "1 litre · Built-in thermometer · Induction ready",
    art: "kettle",
    palette: ["#3b3f45", "#dde1e6"],
    sku: "KETTLE",
    options: [
      {
        name: "Finish",
        values: [
          ["Brushed Steel", "STEEL"],
          ["Matte Black", "BLACK"],
        ],
      },
    ],
    price: { "Brushed Steel": 5400, "Matte Black": 5900 },
    collections: ["brewing-gear", "featured"],
  },
  {
    handle: "hand-burr-grinder",
    title: "Hand Burr Grinder",
    description:
      "Conical steel burrs and a stepped adjustment with 40 settings, from Turkish-fine to coarse French press. The aluminium body and walnut handle pack down to fit in a travel bag. Grinds 20 g for a pour-over in about thirty seconds.",
    tagline: "Steel conical burrs · 40 grind settings",
    art: "grinder",
    palette: ["#5a4632", "#eadccb"],
    sku: "GRIND",
    options: [
      {
        name: "Finish",
        values: [
          ["Walnut", "WALNUT"],
          ["Matte Black", "BLACK"],
        ],
      },
    ],
    price: 8900,
    outOfStock: true,
    collections: ["brewing-gear"],
  },
  {
    handle: "french-press",
    title: "Glass French Press",
    description:
      "Borosilicate glass in a stainless steel frame, with a four-layer mesh filter that keeps the grit out of your cup. The lid turns to close the spout so the coffee stays hot while it steeps. Dishwasher safe apart from the plunger.",
    tagline: "Borosilicate glass · Four-layer filter",
    art: "press",
    palette: ["#4a3728", "#e9e2d8"],
    sku: "PRESS",
    options: [
      {
        name: "Size",
        values: [
          ["3 Cup (350 ml)", "3CUP"],
          ["8 Cup (1 L)", "8CUP"],
        ],
      },
    ],
    price: { "3 Cup (350 ml)": 2900, "8 Cup (1 L)": 3900 },
    collections: ["brewing-gear"],
  },
  {
    handle: "cone-filters",
    title: "Unbleached Cone Filters",
    description:
      "Unbleached brown paper filters sized for our ceramic dripper and any other #2 cone. Rinse each one with hot water before brewing to wash out the papery taste and warm the cone. Fully compostable with the grounds.",
    tagline: "#2 cone · Unbleached · Compostable",
    art: "filters",
    palette: ["#7b5b3a", "#f4e7d3"],
    sku: "FILT",
    options: [
      {
        name: "Pack",
        values: [
          ["100 Filters", "100"],
          ["300 Filters", "300"],
        ],
      },
    ],
    price: { "100 Filters": 700, "300 Filters": 1800 },
    collections: ["brewing-gear"],
  },
  {
    handle: "harbor-mug",
    title: "Harbor Stoneware Mug",
    description:
      "A 12 oz stoneware mug with a wide, comfortable handle and a reactive glaze, so no two are quite alike. Thrown for us by the same Midcoast pottery that makes our drippers. Microwave and dishwasher safe.",
    tagline: "12 oz · Reactive glaze · Made in Maine",
    art: "mug",
    palette: ["#2d6a73", "#d3ebee"],
    sku: "MUG",
    options: [
      {
        name: "Colour",
        values: [
          ["Sea Glass", "SEAGLASS"],
          ["Sandstone", "SAND"],
          ["Charcoal", "CHAR"],
        ],
      },
    ],
    price: 2400,
    collections: ["drinkware", "featured"],
  },
  {
    handle: "enamel-camp-mug",
    title: "Enamel Camp Mug",
    description:
      "A steel mug with a chip-resistant enamel coat and a rolled stainless rim, light enough to live in a backpack. Holds 12 oz of coffee at the campsite or on the porch. Keep it out of the microwave; it is happy over a camp stove.",
    tagline: "12 oz · Enamelled steel · Trail ready",
    art: "mug",
    palette: ["#1e3a5f", "#f3efe4"],
    sku: "CAMP",
    options: [
      {
        name: "Colour",
        values: [
          ["Navy", "NAVY"],
          ["Cream", "CREAM"],
        ],
      },
    ],
    price: 1600,
    collections: ["drinkware"],
  },
  {
    handle: "travel-tumbler",
    title: "Insulated Travel Tumbler",
    description:
      "Double-walled stainless steel keeps coffee hot for six hours and cold brew cold for twelve. The leak-proof lid locks with a quarter turn and the tumbler fits standard car cup holders. The 12 oz size slides under most espresso machine spouts.",
    tagline: "Hot 6 hours · Cold 12 hours · Leak-proof",
    art: "tumbler",
    palette: ["#34495e", "#d6e0ea"],
    sku: "TUMB",
    options: [
      {
        name: "Size",
        values: [
          ["12 oz", "12OZ"],
          ["16 oz", "16OZ"],
        ],
      },
      {
        name: "Colour",
        values: [
          ["Slate", "SLATE"],
          ["Forest", "FOREST"],
        ],
      },
    ],
    price: { "12 oz": 2800, "16 oz": 3200 },
    // The 12 oz is on sale; the 16 oz is not.
    compareAt: { "12 oz": 3400 },
    formerHandles: ["insulated-tumbler"],
    stock: { "TUMB-16OZ-FOREST": 3 },
    collections: ["drinkware"],
  },
];

export type BundleSeed = {
  handle: string;
  title: string;
  description: string;
  priceCents: number;
  /** Default variant sku of each product in the bundle, with its quantity. */
  contents: { handle: string; sku: string; quantity: number }[];
  isStandalone: boolean;
  palette: [string, string];
  collections: string[];
};

export const BUNDLES: BundleSeed[] = [
  {
    handle: "pour-over-starter-kit",
    title: "Pour-Over Starter Kit",
    description:
      "Everything you need for your first great pour-over: our ceramic dripper, a pack of 100 unbleached filters and a bag of House Blend. Choose the dripper colour and grind you like. Saves you $6 on buying the three separately.",
    priceCents: 4500,
    contents: [
      { handle: "ceramic-dripper", sku: "DRIP-WHITE", quantity: 1 },
      { handle: "cone-filters", sku: "FILT-100", quantity: 1 },
      { handle: "house-blend", sku: "HOUSE-12OZ-WB", quantity: 1 },
    ],
    isStandalone: false,
    palette: ["#2e5e58", "#f0d9b5"],
    collections: ["brewing-gear"],
  },
  {
    handle: "tea-lovers-sampler",
    title: "Tea Lover's Sampler",
    description:
      "Four 50 g tins that cover the day: Highland Breakfast to start, Uji Sencha and Jasmine Dragon Pearls for the afternoon, and Chamomile Honeybush for the evening. A thoughtful gift for anyone just getting into loose-leaf tea.",
    priceCents: 4200,
    contents: [
      { handle: "highland-breakfast-tea", sku: "BFAST-50G", quantity: 1 },
      { handle: "uji-sencha", sku: "SENCHA-50G", quantity: 1 },
      { handle: "jasmine-dragon-pearls", sku: "JASM-50G", quantity: 1 },
      { handle: "chamomile-honeybush", sku: "CHAM-50G", quantity: 1 },
    ],
    isStandalone: false,
    palette: ["#1f5e3b", "#fcefc0"],
    collections: ["tea"],
  },
  {
    handle: "morning-ritual-gift-box",
    title: "Morning Ritual Gift Box",
    description:
      "Two Harbor stoneware mugs, a bag of Tidewater House Blend and a bag of Ethiopia Yirgacheffe, packed in a kraft gift box with a handwritten card. Our most popular present for housewarmings and new neighbours.",
    priceCents: 6900,
    contents: [
      { handle: "harbor-mug", sku: "MUG-SEAGLASS", quantity: 2 },
      { handle: "house-blend", sku: "HOUSE-12OZ-WB", quantity: 1 },
      { handle: "ethiopia-yirgacheffe", sku: "ETH-12OZ-WB", quantity: 1 },
    ],
    isStandalone: true,
    palette: ["#7a4a26", "#e6d8c3"],
    collections: [],
  },
];

export const COLLECTIONS: { handle: string; title: string; featured: boolean }[] = [
  { handle: "all_products", title: "All Products", featured: false },
  { handle: "featured", title: "Featured", featured: true },
  { handle: "coffee", title: "Coffee", featured: false },
  { handle: "tea", title: "Tea", featured: false },
  { handle: "brewing-gear", title: "Brewing Gear", featured: false },
  { handle: "drinkware", title: "Mugs & Drinkware", featured: false },
];

export type ReviewSeed = {
  productHandle: string;
  title: string;
  reviewerName: string;
  reviewerEmail?: string;
  rating: number;
  description: string;
  verified: boolean;
  response?: string;
  daysAgo: number;
};

export const REVIEWS: ReviewSeed[] = [
  {
    productHandle: "house-blend",
    title: "The only coffee in our house now",
    reviewerName: "Priya N.",
    reviewerEmail: "priya.n@example.com",
    rating: 5,
    description:
      "We switched to the House Blend subscription in the spring and have not bought supermarket coffee since. It is smooth black and still tastes like coffee with oat milk. The bags always arrive within a few days of the roast date.",
    verified: true,
    response: "Thank you, Priya! Oat milk and House Blend is the roastery's favourite breakfast too.",
    daysAgo: 21,
  },
  {
    productHandle: "house-blend",
    title: "Great everyday coffee",
    reviewerName: "Marcus T.",
    rating: 4,
    description:
      "Chocolatey and easy to drink. I would like a slightly darker option, but for a medium roast it is excellent and the price for the 2 lb bag is fair.",
    verified: true,
    daysAgo: 64,
  },
  {
    productHandle: "house-blend",
    title: "Reliable and tasty",
    reviewerName: "Ellen K.",
    rating: 5,
    description: "Brews well in my drip machine and in the moka pot. Nothing fancy, just consistently good coffee.",
    verified: false,
    daysAgo: 140,
  },
  {
    productHandle: "ethiopia-yirgacheffe",
    title: "Like drinking tea and coffee at once",
    reviewerName: "Jonah W.",
    reviewerEmail: "jonah.w@example.com",
    rating: 5,
    description:
      "Floral and bright, with a lemony finish that comes through beautifully in the V60. Lovely iced over the summer. Order the whole bean and grind it fresh.",
    verified: true,
    daysAgo: 35,
  },
  {
    productHandle: "ethiopia-yirgacheffe",
    title: "A bit too light for me",
    reviewerName: "Dan R.",
    rating: 3,
    description:
      "Good quality beans, but I prefer a heavier cup. Tasted quite acidic in my French press. Probably better for pour-over people.",
    verified: false,
    response:
      "Thanks for the honest feedback, Dan. For a press, try a slightly coarser grind and a four-minute steep, or have a look at our Sumatra Mandheling.",
    daysAgo: 92,
  },
  {
    productHandle: "ceramic-dripper",
    title: "Beautiful and brews evenly",
    reviewerName: "Sofia L.",
    reviewerEmail: "sofia.l@example.com",
    rating: 5,
    description:
      "The sage glaze is gorgeous in person. It holds heat well if you rinse it with hot water first, and the drawdown is nice and even.",
    verified: true,
    daysAgo: 18,
  },
  {
    productHandle: "ceramic-dripper",
    title: "Arrived with a small chip",
    reviewerName: "Hannah B.",
    rating: 3,
    description:
      "The dripper itself works well, but mine arrived with a small chip on the base. Customer service sorted it quickly.",
    verified: true,
    response:
      "Sorry about the chip, Hannah. We have since added extra padding to dripper parcels so this does not happen again.",
    daysAgo: 120,
  },
  {
    productHandle: "gooseneck-kettle",
    title: "Pour control is excellent",
    reviewerName: "Theo M.",
    rating: 5,
    description:
      "The thin spout makes pour-over so much easier, and the thermometer takes the guesswork out. Works fine on our induction hob.",
    verified: true,
    daysAgo: 47,
  },
  {
    productHandle: "highland-breakfast-tea",
    title: "Proper strong tea",
    reviewerName: "Fiona G.",
    reviewerEmail: "fiona.g@example.com",
    rating: 5,
    description:
      "Finally a breakfast tea that stands up to milk the way the tea at home in Scotland does. The monthly pouch lasts me just the right amount of time.",
    verified: true,
    response: "That is high praise, Fiona. Thank you for subscribing!",
    daysAgo: 9,
  },
  {
    productHandle: "harbor-mug",
    title: "My favourite mug",
    reviewerName: "Grace P.",
    rating: 5,
    description:
      "The handle fits my whole hand and the glaze has lovely blue-green drips. It is a generous 12 oz too, so there is room for milk.",
    verified: false,
    daysAgo: 75,
  },
  {
    productHandle: "harbor-mug",
    title: "Lovely, slightly smaller than expected",
    reviewerName: "Oliver S.",
    rating: 4,
    description:
      "Well made and beautiful, though it felt a little smaller than I pictured. Great for a flat white or a regular cup of coffee.",
    verified: true,
    daysAgo: 160,
  },
  {
    productHandle: "french-press",
    title: "Solid press, lid is a bit loose",
    reviewerName: "Ravi K.",
    rating: 3,
    description:
      "Makes a clean cup with very little sludge. The lid rattles a little when pouring, which is why it loses stars.",
    verified: false,
    daysAgo: 185,
  },
  {
    productHandle: "hand-burr-grinder",
    title: "Worth waiting for the restock",
    reviewerName: "Nadia F.",
    reviewerEmail: "nadia.f@example.com",
    rating: 5,
    description:
      "Consistent grind from espresso to French press and it is quicker than my old electric grinder. It comes camping with us every summer.",
    verified: true,
    response: "Thanks, Nadia! A new batch is on its way from the workshop.",
    daysAgo: 210,
  },
];

export const TESTIMONIALS: { title: string; mainReview: string; name: string }[] = [
  {
    title: "Coffee that tastes like it was just roasted",
    mainReview:
      "Every bag arrives within days of roasting and you can smell it as soon as the box is open. I have tried a lot of subscriptions and Tidewater is the one I kept.",
    name: "Amelia R.",
  },
  {
    title: "Friendly people, fast shipping",
    mainReview:
      "I emailed with a question about grind size for my moka pot and got a thoughtful answer the same afternoon. My order arrived two days later.",
    name: "Carlos D.",
  },
  {
    title: "The perfect gift",
    mainReview:
      "I sent the Morning Ritual Gift Box to my parents and they loved it. The handwritten card was such a nice touch, and the mugs are now their everyday favourites.",
    name: "Leah M.",
  },
  {
    title: "Finally good decaf",
    mainReview:
      "The Swiss Water Decaf tastes like real coffee. I can have an after-dinner cup again without lying awake at two in the morning.",
    name: "Samuel O.",
  },
  {
    title: "A small shop that cares",
    mainReview:
      "You can tell the team cares about the farmers and about the cup. The brewing guides on the blog turned my sad morning coffee into something I look forward to.",
    name: "Irene V.",
  },
];

export const BLOG_POST = {
  slug: "brewing-better-coffee-at-home",
  title: "Brewing Better Coffee at Home",
  author: "Maya Okafor",
  daysAgo: 30,
  sections: [
    {
      heading: null,
      content:
        "<p>Most of what makes a great cup happens before the water ever touches the coffee. After ten years of roasting and far too many test brews, these are the habits that make the biggest difference in our own kitchens, no expensive machine required.</p>",
    },
    {
      heading: "Start with fresh beans",
      content:
        "<p>Coffee is at its best between about five days and four weeks after roasting. Buy whole beans in amounts you will finish within a month, keep them in an airtight container away from light and heat, and never in the fridge, where they pick up moisture and smells.</p>",
    },
    {
      heading: "Grind right before you brew",
      content:
        "<p>Ground coffee loses much of its aroma within fifteen minutes. A burr grinder gives even particles, which means even extraction: medium-fine like table salt for a pour-over, coarse like breadcrumbs for a French press, fine like powdered sugar for espresso.</p>",
    },
    {
      heading: "Weigh your coffee and water",
      content:
        "<p>Scoops vary wildly; a cheap kitchen scale does not. Start with a ratio of 1 to 16, for example 20 g of coffee to 320 g of water, then adjust to taste. If the cup is sour, grind finer; if it is bitter or dry, grind coarser.</p>",
    },
    {
      heading: null,
      content:
        "<p>Finally, mind the water. Use filtered water if your tap water tastes of chlorine, and let it cool for thirty seconds off the boil, to around 93 °C. Small changes, but together they turn a good bag of coffee into a great morning.</p>",
    },
  ],
};

export type PageSeed = {
  name: string;
  title: string;
  /** Image file under the images folder, for pages with the split layout. */
  image?: string;
  /** Each section's content is HTML as a save keeps it (decision 0076): migration 0056 writes older text alike. */
  sections: { subheading?: string; content: string }[];
};

export const PAGES: PageSeed[] = [
  {
    name: "about",
    title: "About Tidewater",
    image: "pages/about",
    sections: [
      {
        subheading: "A roastery by the harbour",
        content:
          "<p>Tidewater started in 2016 with a secondhand five-kilo roaster in a boat shed in Portland, Maine. Maya roasted, Ben packed bags and delivered them by bicycle to the cafés along Commercial Street. We still roast every batch by hand, a few steps from the water.</p>",
      },
      {
        subheading: "How we buy",
        content:
          "<p>We buy from a handful of importers who know the farms by name, and we pay well above the commodity price for coffee that tastes of where it was grown. Our teas come from two family-run gardens and a Japanese co-operative we have worked with for years.</p>",
      },
      {
        content:
          "<p>Everything ships within two days of roasting. If something is not right with your order, write to us through the contact page and a real person from the roastery will answer.</p>",
      },
    ],
  },
  {
    name: "shipping",
    title: "Shipping",
    sections: [
      {
        subheading: "Delivery options",
        content:
          "<p>We ship to every US state. Standard shipping takes 3 to 5 business days and costs $5.99, or nothing on orders over $40. Express arrives in 1 to 2 business days for $14.99, and overnight delivery is $29.99 for orders placed before 1 pm Eastern.</p>",
      },
      {
        subheading: "When your order ships",
        content:
          "<p>We roast on Mondays, Wednesdays and Fridays and ship coffee within two days of roasting, so your beans are always fresh. Tea and brewing gear usually leave the same or the next business day. You receive an email as soon as your parcel is on its way.</p>",
      },
      {
        subheading: "Sales tax",
        content:
          "<p>Sales tax is calculated at checkout from your shipping address. In some states shipping charges are taxable as well, and the checkout shows the exact amount before you pay.</p>",
      },
    ],
  },
  {
    name: "returns",
    title: "Returns & Refunds",
    sections: [
      {
        subheading: "Brewing gear and drinkware",
        content:
          "<p>Unused gear and mugs can be returned within 30 days of delivery for a full refund. Send us a message through the contact page with your order number and we will email a prepaid return label.</p>",
      },
      {
        subheading: "Coffee and tea",
        content:
          "<p>Food can not be resold once it has left the roastery, so we do not take coffee or tea back. If a bag is not to your taste, tell us and we will suggest something different or send a replacement on us.</p>",
      },
      {
        subheading: "Damaged or missing items",
        content:
          "<p>If anything arrives broken or missing, send us a photo within 14 days and we will send a replacement or refund you straight away. Refunds go back to the original card within 5 to 10 business days.</p>",
      },
    ],
  },
  {
    name: "privacy",
    title: "Privacy Policy",
    sections: [
      {
        subheading: "What we collect",
        content:
          "<p>When you order we keep your name, email, shipping address and what you bought, so we can deliver it and answer questions about it. Card details go straight to our payment provider and never touch our servers.</p>",
      },
      {
        subheading: "Analytics",
        content:
          "<p>We count page views, searches and cart activity to learn which products people look for. We store only a shortened version of your network address, never the full address, and we do not sell or share this data with advertisers.</p>",
      },
      {
        subheading: "Email",
        content:
          "<p>If you join our newsletter we send roast announcements and the occasional discount. Every email has an unsubscribe link, and you can ask us to delete your data at any time through the contact page.</p>",
      },
    ],
  },
];

export const SHIPPING_OPTIONS = [
  {
    key: "standard",
    name: "Standard Shipping",
    additionalInformation: "3–5 business days by USPS Ground Advantage. Free on orders over $40.",
    priceCents: 599,
    freeShippingThresholdCents: 4000,
  },
  {
    key: "express",
    name: "Express Shipping",
    additionalInformation: "1–2 business days by UPS 2nd Day Air.",
    priceCents: 1499,
    freeShippingThresholdCents: null,
  },
  {
    key: "overnight",
    name: "Overnight",
    additionalInformation: "Next business day when ordered before 1 pm Eastern, by UPS Next Day Air.",
    priceCents: 2999,
    freeShippingThresholdCents: null,
  },
];

export const DISCOUNTS = [
  { code: "SAVE15", percentage: 15, maxRedeemableCents: 1000, amountCents: null, maxRedemptions: 1000, freeShipping: false, isPopup: false },
  { code: "TENOFF", percentage: null, maxRedeemableCents: null, amountCents: 1000, maxRedemptions: 1000, freeShipping: false, isPopup: false },
  { code: "FREESHIP", percentage: null, maxRedeemableCents: null, amountCents: 0, maxRedemptions: 1000, freeShipping: true, isPopup: false },
  { code: "SOLDOUT", percentage: 20, maxRedeemableCents: null, amountCents: null, maxRedemptions: 0, freeShipping: false, isPopup: false },
  { code: "WELCOME-TEMPLATE", percentage: 10, maxRedeemableCents: null, amountCents: null, maxRedemptions: 0, freeShipping: false, isPopup: true },
];

/**
 * Collections every shop keeps, the demo's or not: the shop's listing searches all_products, the home page's carousel
 * shows the featured one. Removing the demo empties them; the demo's other collections go (decision 0067).
 */
export const SHOP_COLLECTION_HANDLES = [DEMO.collectionHandles.all, DEMO.collectionHandles.featured] as const;

/**
 * What an empty shop has where the demo had its own words (decision 0067): texts true of any shop run by this
 * software, never the demo's name or its rules. Each replaces the demo's value only while that value is still the
 * demo's, so nothing the owner wrote is undone.
 */
export const EMPTY_SHOP = {
  storeName: "My shop",
  bannerHeader: (name: string) => `Welcome to ${name}`,
  bannerButtonText: "Shop now",
  /** The logo while the shop has none of its own: a plain mark, no name drawn in it (the alt text names the shop). */
  logoFile: "brand/shop-mark.svg",
  /** The pages the demo wrote, as an empty shop has them: About waits, a draft, for the owner's own story. */
  pages: {
    about: {
      title: "About us",
      status: "draft",
      sections: [
        {
          subheading: "Our story",
          content: "<p>Tell your customers who you are, what you sell and why. Publish this page when it is ready.</p>",
        },
      ],
    },
    shipping: {
      title: "Shipping",
      status: "published",
      sections: [
        {
          subheading: "Delivery options",
          content: "<p>The delivery options and their prices are shown at checkout, before you pay. You receive an email as soon as your order is on its way.</p>",
        },
      ],
    },
    returns: {
      title: "Returns & Refunds",
      status: "published",
      sections: [
        {
          subheading: "Starting a return",
          content:
            "<p>Signed-in customers can start a return from the order in their account while it is open for returns. For anything else, write to us through the contact page. Refunds go back to the card you paid with.</p>",
        },
      ],
    },
    privacy: {
      title: "Privacy Policy",
      status: "published",
      sections: [
        {
          subheading: "What we collect",
          content:
            "<p>When you order we keep your name, email, shipping address and what you bought, so we can deliver it and answer questions about it. Card details go straight to our payment provider and never touch our servers.</p>",
        },
        {
          subheading: "Analytics",
          content:
            "<p>We count page views, searches and cart activity to learn what people look for. We store only a shortened version of your network address, never the full address, and we do not sell or share this data with advertisers.</p>",
        },
        {
          subheading: "Email",
          content:
            "<p>We email you about your orders. If you join our newsletter we also send news and offers; every such email has an unsubscribe link, and you can ask us to delete your data at any time through the contact page.</p>",
        },
      ],
    },
  } satisfies Record<(typeof DEMO.pageNames)[number], { title: string; status: "draft" | "published"; sections: { subheading: string; content: string }[] }>,
} as const;

/** Images the store settings point at, besides the catalogue's. */
export const SITE_IMAGES = {
  logo: "brand/logo.svg",
  icon: "brand/icon.svg",
  banner: "site/banner",
  imageBand: "site/image-band",
  discount: "site/discount",
  popup: "site/popup",
} as const;

/**
 * The store's look and content. Colour pairs meet WCAG AA (4.5:1): dark ink on cream and white, white on the teal
 * buttons and on the brown callout; the seed test measures them.
 */
export function demoSettings(imageUrl: (file: string) => string): StoreSettings {
  return {
    websiteTitle: "Tidewater Coffee & Tea",
    // A new shop's dates are in the zone its server runs in until the owner chooses (decision 0061).
    timeZone: serverTimeZone(),
    logo: { url: `/images/${SITE_IMAGES.logo}`, alt: "Tidewater Coffee & Tea" },
    icon: `/images/${SITE_IMAGES.icon}`,
    styles: {
      backgroundColor: "#F4EFE6",
      textColor: "#1E1B18",
      colors: {
        primary: "#1D4E47",
        secondary: "#7A4A26",
        tertiary: "#E6D8C3",
        background: "#F4EFE6",
        card: "#FFFFFF",
      },
      fonts: {
        heading: 'Georgia, Cambria, "Times New Roman", serif',
        body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      },
      buttons: {
        primary: { backgroundColor: "#1D4E47", textColor: "#FFFFFF" },
        secondary: { backgroundColor: "#FFFFFF", textColor: "#1D4E47" },
      },
    },
    navbar: {
      pages: [
        { name: "Shop", route: "/shop" },
        { name: "Coffee", route: "/search", query: "coffee", type: "collection-search" },
        { name: "About", route: "/pages/about" },
      ],
      displaySearchBar: false,
    },
    footer: {
      links: [
        { name: "Shop", route: "/shop" },
        { name: "Blog", route: "/blog" },
        { name: "Contact", route: "/contact" },
        { name: "Shipping", route: "/pages/shipping" },
        { name: "Returns", route: "/pages/returns" },
        { name: "Privacy", route: "/pages/privacy" },
      ],
      sections: [
        {
          title: "Shop by category",
          links: [
            { name: "Coffee", route: "/search?query=coffee&type=collection-search" },
            { name: "Tea", route: "/search?query=tea&type=collection-search" },
            { name: "Brewing gear", route: "/search?query=brewing-gear&type=collection-search" },
            { name: "Mugs & drinkware", route: "/search?query=drinkware&type=collection-search" },
          ],
        },
        {
          title: "From the roastery",
          links: [
            { name: "Brewing better coffee at home", route: "/blog/brewing-better-coffee-at-home" },
            { name: "Pour-Over Starter Kit", route: "/bundles/pour-over-starter-kit" },
            { name: "Morning Ritual Gift Box", route: "/bundles/morning-ritual-gift-box" },
          ],
        },
      ],
      copyright: "Tidewater Coffee & Tea Co., Portland, Maine. All rights reserved.",
    },
    socialLinks: [
      { network: "instagram", url: "https://www.instagram.com/tidewatercoffee" },
      { network: "tiktok", url: "https://www.tiktok.com/@tidewatercoffee" },
    ],
    callout: { text: "Free Shipping on orders over $40", textColor: "#FFFFFF", backgroundColor: "#7A4A26" },
    siteContent: {
      bannerHeader: "Small-batch coffee, roasted by the harbour",
      bannerText:
        "We roast three days a week in Portland, Maine, and ship within two days of the roast. Start with the House Blend: chocolatey, round and good any way you brew it.",
      bannerButtonText: "Shop the House Blend",
      bannerProductHandle: DEMO.bannerProductHandle,
      bannerImage: imageUrl(SITE_IMAGES.banner),
      bannerHeight: 560,
      imageBand: imageUrl(SITE_IMAGES.imageBand),
      discountImage: imageUrl(SITE_IMAGES.discount),
      popupImage: imageUrl(SITE_IMAGES.popup),
    },
    homeSections: DEFAULT_HOME_SECTIONS,
    checkout: { enabled: true, minimumOrderCents: 2000, reminderDelayMinutes: REMINDER_DELAY_MINUTES.default },
    reviews: { holdForApproval: false },
    subscriptions: { reminderDays: DEFAULT_REMINDER_DAYS },
    returns: { windowDays: DEFAULT_RETURN_WINDOW_DAYS },
    invoicing: { legalName: "", address: "", taxId: "" },
  };
}
