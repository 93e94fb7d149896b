/** What the wishlist's forms post to /wishlist (one action, an intent per change). */
import { z } from "zod";
import { storable } from "./storable";

const productHandle = z.string().trim().min(1, "Choose a product to save.").max(255, "That is not a product of this shop.");

export const wishlistFormSchema = storable(
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("save"), product: productHandle }),
      z.object({ intent: z.literal("remove"), product: productHandle }),
      z.object({
        intent: z.literal("price-emails"),
        on: z.enum(["true", "false"], "Say whether to send price-drop emails."),
      }),
    ],
    { error: "Say what to do: save, remove or price-emails." },
  ),
);
