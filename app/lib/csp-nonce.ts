import { createContext, useContext } from "react";

/**
 * The nonce of the page's Content-Security-Policy, for inline elements React Router does not write itself (the
 * inlined stylesheet). Given by app/entry.server.tsx; absent in the browser, which needs it only while parsing.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);
